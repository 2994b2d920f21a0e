import { todayIn } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import RefreshIcon from "@mui/icons-material/Refresh";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatLongDate } from "../../../lib/format";

type KitchenHeaderProps = {
  canteenName: string;
  timeZone: string;
  language: Language;
  now: Date;
  refreshing: boolean;
  onRefresh: () => void;
};

export function KitchenHeader(props: KitchenHeaderProps) {
  const { t } = useTranslation();
  const refreshLabel = t("screens.kitchen.refresh");
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t("screens.kitchen.title", { canteen: props.canteenName.toUpperCase() })}
        </Typography>
        <Typography color="text.secondary">
          {formatLongDate(todayIn(props.timeZone, props.now), props.language)}
        </Typography>
      </Box>
      <Tooltip title={refreshLabel}>
        <IconButton
          onClick={props.onRefresh}
          aria-label={refreshLabel}
          aria-busy={props.refreshing}
          size="large"
        >
          {props.refreshing ? <CircularProgress size={24} aria-hidden="true" /> : <RefreshIcon />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
