import { formatRand } from "@kantien/domain/money";
import CloudOffIcon from "@mui/icons-material/CloudOff";
import WifiOffIcon from "@mui/icons-material/WifiOff";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useCanteenRules } from "../../../lib/canteen-rules";
import { useCounterQueue } from "../counter-queue";

/**
 * Says at once when the counter cannot reach the server, and why (this device is offline, or the
 * server does not answer); what waits on the device to be sent; and what became of what was sent
 * (decision 0073).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const queue = useCounterQueue();
  const rules = useCanteenRules();
  const limit = formatRand(rules.data?.offlineSaleLimit ?? "0");
  const refused = queue.results.filter((result) => result.outcome === "refused");
  const sent = queue.results.filter((result) => result.outcome === "sent");
  return (
    <Stack spacing={1} aria-live="polite">
      {queue.connection === "online" ? null : (
        <Alert
          severity="warning"
          icon={queue.connection === "deviceOffline" ? <WifiOffIcon /> : <CloudOffIcon />}
          action={
            queue.waiting.length > 0 ? (
              <Button color="inherit" size="small" onClick={() => void queue.sendNow()}>
                {t("screens.counter.offline.retry")}
              </Button>
            ) : null
          }
        >
          <AlertTitle>
            {queue.connection === "deviceOffline"
              ? t("screens.counter.offline.deviceOffline")
              : t("screens.counter.offline.serverDown")}
          </AlertTitle>
          {t("screens.counter.offline.keeps", { limit })}
        </Alert>
      )}
      {queue.waiting.length > 0 ? (
        <Box
          component="section"
          aria-label={t("screens.counter.offline.waitingTitle", { count: queue.waiting.length })}
        >
          <Typography sx={{ fontWeight: 600 }}>
            {t("screens.counter.offline.waitingTitle", { count: queue.waiting.length })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {queue.waiting.map((action) => (
              <li key={action.key}>{action.label}</li>
            ))}
          </Box>
        </Box>
      ) : null}
      {refused.length > 0 ? (
        <Alert severity="error">
          <AlertTitle>{t("screens.counter.offline.refusedTitle", { count: refused.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {refused.map((result) => (
              <li key={result.key}>
                {result.label}: {result.message}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {sent.length > 0 && queue.waiting.length === 0 ? (
        <Alert severity="success" role="status">
          {t("screens.counter.offline.sent", { count: sent.length })}
        </Alert>
      ) : null}
    </Stack>
  );
}
