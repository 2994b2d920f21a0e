import { addDaysIso, type IsoDate, mondayOf } from "@kantien/domain/dates";
import { weekLabel } from "@kantien/domain/weekly-menu";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { schoolWeekParts } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";

type Props = {
  /** The shown week's Monday. */
  monday: IsoDate;
  today: IsoDate;
  onChange: (monday: IsoDate) => void;
  /** Moves the week by days, from the week last chosen (a second click may come before it shows). */
  onShift: (days: number) => void;
};

/** One week at a time: its number and dates, arrows to the weeks either side and a way back to this week. */
export function WeekPicker({ monday, today, onChange, onShift }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const week = schoolWeekParts(monday, language);
  const thisMonday = mondayOf(today);
  const label = weekLabel({ dateFrom: monday, dateTo: addDaysIso(monday, 4) }, today);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}>
        <Tooltip title={t("screens.menu.previousWeek")}>
          <IconButton aria-label={t("screens.menu.previousWeek")} onClick={() => onShift(-7)}>
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <Typography
          variant="h6"
          component="h2"
          aria-live="polite"
          sx={{ whiteSpace: { sm: "nowrap" }, minWidth: { sm: "16rem" }, textAlign: "center" }}
        >
          {t("screens.menu.weekHeading", week)}
        </Typography>
        <Tooltip title={t("screens.menu.nextWeek")}>
          <IconButton aria-label={t("screens.menu.nextWeek")} onClick={() => onShift(7)}>
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Chip
        size="small"
        variant={label === "current" ? "filled" : "outlined"}
        color={label === "current" ? "primary" : "default"}
        label={t(`screens.menu.labels.${label}`)}
      />
      <Button size="small" onClick={() => onChange(thisMonday)} disabled={monday === thisMonday}>
        {t("screens.menu.thisWeek")}
      </Button>
    </Box>
  );
}
