import { todayIn } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import { ROUTES } from "@kantien/domain/route-access";
import CloseFullscreenIcon from "@mui/icons-material/CloseFullscreen";
import HistoryIcon from "@mui/icons-material/History";
import OpenInFullIcon from "@mui/icons-material/OpenInFull";
import PrintIcon from "@mui/icons-material/Print";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import RefreshIcon from "@mui/icons-material/Refresh";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatLongDate } from "../../../lib/format";
import type { KitchenSound } from "../hooks/use-kitchen-sound";

export type BoardMode = "layout" | "kitchen";

type KitchenHeaderProps = {
  mode: BoardMode;
  canteenName: string;
  timeZone: string;
  language: Language;
  now: Date;
  refreshing: boolean;
  onRefresh: () => void;
  sound: KitchenSound;
  recentCount: number;
  onShowRecent: () => void;
  /** The live indicator and "laas bygewerk". */
  status: React.ReactNode;
};

const TAP = { minHeight: 48 };

/** The board's title and date, its state, and the cook's tools: sound, recall, refresh, kitchen mode. */
export function KitchenHeader(props: KitchenHeaderProps) {
  const { t } = useTranslation();
  const refreshLabel = t("screens.kitchen.refresh");
  const soundState = props.sound.on ? t("screens.kitchen.soundOn") : t("screens.kitchen.soundOff");
  const kitchenMode = props.mode === "kitchen";
  return (
    <Box component="header" sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}>
      <Box sx={{ mr: "auto", minWidth: 0 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 600, fontSize: { xs: "1.375rem", sm: kitchenMode ? "1.75rem" : "2.125rem" } }}
        >
          {t("screens.kitchen.title", { canteen: props.canteenName })}
        </Typography>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1.5, rowGap: 0.5 }}>
          <Typography color="text.secondary">
            {formatLongDate(todayIn(props.timeZone, props.now), props.language)}
          </Typography>
          {props.status}
        </Box>
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Button
          variant={props.sound.on ? "contained" : "outlined"}
          color={props.sound.waitingForTap ? "warning" : "primary"}
          startIcon={props.sound.on ? <VolumeUpIcon /> : <VolumeOffIcon />}
          role="switch"
          aria-checked={props.sound.on}
          onClick={props.sound.toggle}
          sx={TAP}
        >
          {props.sound.waitingForTap ? t("screens.kitchen.soundTapToStart") : soundState}
        </Button>
        <Button variant="outlined" startIcon={<HistoryIcon />} onClick={props.onShowRecent} sx={TAP}>
          {t("screens.kitchen.recent.open", { count: props.recentCount })}
        </Button>
        <Button
          component={RouterLink}
          to={ROUTES.counter}
          variant="outlined"
          startIcon={<QrCodeScannerIcon />}
          sx={TAP}
        >
          {t("screens.kitchen.counter")}
        </Button>
        <Button
          component={RouterLink}
          to={ROUTES.kitchenPrint}
          variant="outlined"
          startIcon={<PrintIcon />}
          sx={TAP}
        >
          {t("screens.kitchen.print.open")}
        </Button>
        {/* A labelled button like the others: a tablet has no hover for a tooltip. */}
        <Button
          variant="outlined"
          onClick={props.onRefresh}
          aria-busy={props.refreshing}
          startIcon={props.refreshing ? <CircularProgress size={20} aria-hidden="true" /> : <RefreshIcon />}
          sx={TAP}
        >
          {refreshLabel}
        </Button>
        <Button
          component={RouterLink}
          to={kitchenMode ? ROUTES.kitchen : ROUTES.kitchenMode}
          variant={kitchenMode ? "outlined" : "contained"}
          startIcon={kitchenMode ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
          sx={TAP}
        >
          {kitchenMode ? t("screens.kitchen.mode.exit") : t("screens.kitchen.mode.enter")}
        </Button>
      </Box>
    </Box>
  );
}
