import type { Language } from "@kantien/domain/language";
import CloudOffIcon from "@mui/icons-material/CloudOff";
import FiberManualRecordIcon from "@mui/icons-material/FiberManualRecord";
import SyncIcon from "@mui/icons-material/Sync";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../lib/format";
import type { LiveStream } from "../../../lib/order-event-stream";

/** Live through the stream; else polling while loads still work; else offline. */
export type BoardConnection = "live" | "polling" | "offline";

export function boardConnection(stream: LiveStream, loadFailed: boolean): BoardConnection {
  if (stream === "live") return "live";
  return loadFailed ? "offline" : "polling";
}

type StatusProps = { connection: BoardConnection; updatedAt: number; timeZone: string; language: Language };

/** "Regstreeks", "Verfris gereeld" or "Vanlyn", and when the board last heard from the server. */
export function BoardStatus({ connection, updatedAt, timeZone, language }: StatusProps) {
  const { t } = useTranslation();
  const icon = {
    live: <FiberManualRecordIcon aria-hidden="true" />,
    polling: <SyncIcon aria-hidden="true" />,
    offline: <CloudOffIcon aria-hidden="true" />,
  }[connection];
  const colour = ({ live: "success", polling: "warning", offline: "error" } as const)[connection];
  const updated =
    updatedAt > 0
      ? t("screens.kitchen.updatedAt", {
          time: formatTime(new Date(updatedAt).toISOString(), timeZone, language),
        })
      : null;
  // Live, every change arrives as it happens: the time of the last one is in the chip's title,
  // and the header keeps its one line. Polling, when the board last heard counts: it is shown.
  return (
    <>
      <Chip
        size="small"
        color={colour}
        icon={icon}
        label={t(`screens.kitchen.connection.${connection}`)}
        title={updated ?? undefined}
      />
      {connection === "live" ? null : updated ? (
        <Typography variant="body2" color="text.secondary" role="status" noWrap>
          {updated}
        </Typography>
      ) : (
        // Its place, kept until the first load, so the board below does not jump then.
        <Typography variant="body2" aria-hidden="true" sx={{ visibility: "hidden" }} noWrap>
          {t("screens.kitchen.updatedAt", { time: "00:00" })}
        </Typography>
      )}
    </>
  );
}

/** When neither the stream nor a load reaches the server: what is shown may be old. */
export function OfflineBanner({
  updatedAt,
  timeZone,
  language,
  onRetry,
}: Omit<StatusProps, "connection"> & { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      variant="filled"
      icon={<CloudOffIcon />}
      action={
        <Button color="inherit" onClick={onRetry} sx={{ minHeight: 48 }}>
          {t("screens.kitchen.offline.retry")}
        </Button>
      }
    >
      {t("screens.kitchen.offline.body", {
        time: formatTime(new Date(updatedAt).toISOString(), timeZone, language),
      })}
    </Alert>
  );
}
