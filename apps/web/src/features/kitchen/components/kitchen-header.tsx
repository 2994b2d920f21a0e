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

/** From this width the date is written out in full; below it, short. */
const LONG_DATE = "(min-width: 1600px)";

/**
 * A tool's name always shows, under its icon: a cook should not have to guess what an icon
 * does. Small and in two lines at most, so the six tools fit beside the title on a tablet.
 */
const TOOL = {
  ...TAP,
  minHeight: 56,
  maxWidth: 124,
  px: 1,
  py: 0.5,
  flexDirection: "column",
  gap: 0.25,
  fontSize: "0.8125rem",
  lineHeight: 1.2,
  textAlign: "center",
  "& .MuiButton-startIcon": { m: 0 },
} as const;

type ToolProps = {
  icon: React.ReactNode;
  label: string;
  /** A link to this route instead of a button. */
  to?: string;
} & Omit<React.ComponentProps<typeof Button>, "children" | "startIcon">;

/** One of the header's tools: its icon, and its name in words under it. */
function Tool({ icon, label, to, sx, ...button }: ToolProps) {
  const link = to ? { component: RouterLink, to } : {};
  return (
    <Button variant="outlined" startIcon={icon} sx={{ ...TOOL, ...sx }} {...link} {...button}>
      {label}
    </Button>
  );
}

/**
 * The board's header: title, date and state, and the cook's tools in words: sound, recall (with
 * its count), counter, print, refresh, kitchen mode. One line where they fit beside the title,
 * the tools on a line of their own where they do not (a tablet held upright).
 */
export function KitchenHeader(props: KitchenHeaderProps) {
  const { t } = useTranslation();
  const longDate = useMediaQuery(LONG_DATE, { noSsr: true });
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
        flexWrap: { xs: "wrap", md: "nowrap" },
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
          {(longDate ? formatLongDate : formatShortDay)(todayIn(props.timeZone, props.now), props.language)}
        </Typography>
        {props.status}
      </Box>
      <Box
        role="toolbar"
        aria-label={t("screens.kitchen.tools")}
        // One row beside the title on a tablet or wider; on a phone, where the six cannot fit, they wrap.
        sx={{
          display: "flex",
          flexWrap: { xs: "wrap", sm: "nowrap" },
          flexShrink: { xs: 1, sm: 0 },
          justifyContent: "flex-end",
          alignItems: "stretch",
          gap: 1,
          minWidth: 0,
          maxWidth: "100%",
          ml: "auto",
        }}
      >
        {/* The sound's state is its name: until a tap allows it, the button says so in words. */}
        <Tool
          icon={soundIcon}
          label={props.sound.waitingForTap ? t("screens.kitchen.soundTapToStart") : soundState}
          color={props.sound.waitingForTap ? "warning" : "primary"}
          variant={props.sound.on && !props.sound.waitingForTap ? "contained" : "outlined"}
          role="switch"
          aria-checked={props.sound.on}
          onClick={props.sound.toggle}
        />
        <Tool
          icon={<HistoryIcon />}
          label={t("screens.kitchen.recent.open", { count: props.recentCount })}
          onClick={props.onShowRecent}
        />
        <Tool icon={<QrCodeScannerIcon />} label={t("screens.kitchen.counter")} to={ROUTES.counter} />
        <Tool icon={<PrintIcon />} label={t("screens.kitchen.print.open")} to={ROUTES.kitchenPrint} />
        <Tool
          icon={props.refreshing ? <CircularProgress size={20} aria-hidden="true" /> : <RefreshIcon />}
          label={t("screens.kitchen.refresh")}
          onClick={props.onRefresh}
          aria-busy={props.refreshing}
        />
        <Tool
          icon={kitchenMode ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
          label={kitchenMode ? t("screens.kitchen.mode.exit") : t("screens.kitchen.mode.enter")}
          to={kitchenMode ? ROUTES.kitchen : ROUTES.kitchenMode}
          variant={kitchenMode ? "outlined" : "contained"}
        />
      </Box>
    </Box>
  );
}
