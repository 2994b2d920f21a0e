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
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { formatLongDate, formatShortDay } from "../../../lib/format";
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

const TAP = { minHeight: 48, minWidth: 48 };

/**
 * From this width a tool shows its name beside its icon; below it, its icon alone, named for
 * assistive technology and in its title, so the header stays one line.
 */
const LABELS_SHOWN = "(min-width: 1600px)";

type ToolProps = {
  icon: React.ReactNode;
  label: string;
  labelled: boolean;
  /** A link to this route instead of a button. */
  to?: string;
} & Omit<React.ComponentProps<typeof Button>, "children" | "startIcon">;

/** One of the header's tools: icon and name, or the icon alone with its name as its label. */
function Tool({ icon, label, labelled, to, ...button }: ToolProps) {
  const link = to ? { component: RouterLink, to } : {};
  if (labelled) {
    return (
      <Button variant="outlined" startIcon={icon} sx={{ ...TAP, whiteSpace: "nowrap" }} {...link} {...button}>
        {label}
      </Button>
    );
  }
  // A native title, not MUI's Tooltip: its popper would weigh on the board's first load.
  return (
    <Button variant="outlined" aria-label={label} title={label} sx={{ ...TAP, px: 1 }} {...link} {...button}>
      {icon}
    </Button>
  );
}

/**
 * The board's one header line: title, date and state, and the cook's tools: sound, recall,
 * counter, print, refresh, kitchen mode. Every line it saves is a card more in each column.
 */
export function KitchenHeader(props: KitchenHeaderProps) {
  const { t } = useTranslation();
  const labelled = useMediaQuery(LABELS_SHOWN, { noSsr: true });
  const soundState = props.sound.on ? t("screens.kitchen.soundOn") : t("screens.kitchen.soundOff");
  const kitchenMode = props.mode === "kitchen";
  const soundIcon = props.sound.on ? <VolumeUpIcon /> : <VolumeOffIcon />;
  return (
    <Box
      component="header"
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        flexWrap: { xs: "wrap", sm: "nowrap" },
      }}
    >
      {/* The date and state go under the title when the three do not fit beside the tools
          (a kitchen tablet), so the title is cut short only where it alone does not fit. */}
      <Box
        sx={{
          mr: "auto",
          minWidth: 0,
          display: "flex",
          alignItems: "center",
          flexWrap: "wrap",
          columnGap: 1.5,
          rowGap: 0.5,
        }}
      >
        <Typography
          variant="h4"
          component="h1"
          noWrap
          sx={{
            fontWeight: 600,
            fontSize: { xs: "1.125rem", sm: "1.25rem" },
            minWidth: "9em",
            flexShrink: 1,
          }}
        >
          {t("screens.kitchen.title", { canteen: props.canteenName })}
        </Typography>
        <Typography color="text.secondary" noWrap sx={{ flexShrink: 0 }}>
          {(labelled ? formatLongDate : formatShortDay)(todayIn(props.timeZone, props.now), props.language)}
        </Typography>
        {props.status}
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexShrink: 0 }}>
        {/* The sound's state is its name: until a tap allows it, the button says so in words. */}
        {props.sound.waitingForTap ? (
          <Button
            variant="outlined"
            color="warning"
            startIcon={soundIcon}
            role="switch"
            aria-checked={props.sound.on}
            onClick={props.sound.toggle}
            sx={TAP}
          >
            {t("screens.kitchen.soundTapToStart")}
          </Button>
        ) : (
          <Tool
            icon={soundIcon}
            label={soundState}
            labelled={labelled}
            variant={props.sound.on ? "contained" : "outlined"}
            role="switch"
            aria-checked={props.sound.on}
            onClick={props.sound.toggle}
          />
        )}
        <Tool
          icon={<HistoryIcon />}
          label={t("screens.kitchen.recent.open", { count: props.recentCount })}
          labelled={labelled}
          onClick={props.onShowRecent}
        />
        <Tool
          icon={<QrCodeScannerIcon />}
          label={t("screens.kitchen.counter")}
          labelled={labelled}
          to={ROUTES.counter}
        />
        <Tool
          icon={<PrintIcon />}
          label={t("screens.kitchen.print.open")}
          labelled={labelled}
          to={ROUTES.kitchenPrint}
        />
        <Tool
          icon={props.refreshing ? <CircularProgress size={20} aria-hidden="true" /> : <RefreshIcon />}
          label={t("screens.kitchen.refresh")}
          labelled={labelled}
          onClick={props.onRefresh}
          aria-busy={props.refreshing}
        />
        <Tool
          icon={kitchenMode ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
          label={kitchenMode ? t("screens.kitchen.mode.exit") : t("screens.kitchen.mode.enter")}
          labelled={labelled}
          to={kitchenMode ? ROUTES.kitchen : ROUTES.kitchenMode}
          variant={kitchenMode ? "outlined" : "contained"}
        />
      </Box>
    </Box>
  );
}
