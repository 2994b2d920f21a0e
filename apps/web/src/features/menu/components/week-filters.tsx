import type { WeeklyMenu } from "@kantien/domain/admin-data";
import type { MenuWeek } from "@kantien/domain/weekly-menu";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatMonth } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";

export type WeekFilter = { year: number; month: number | "all"; weekId: string | null };

type Props = {
  weeks: MenuWeek<WeeklyMenu>[];
  filter: WeekFilter;
  onChange: (filter: WeekFilter) => void;
};

export const yearOf = (week: MenuWeek) => Number(week.dateFrom.slice(0, 4));
export const monthOf = (week: MenuWeek) => Number(week.dateFrom.slice(5, 7));

export function weeksInFilter<W extends MenuWeek>(weeks: W[], year: number, month: number | "all"): W[] {
  return weeks.filter((w) => yearOf(w) === year && (month === "all" || monthOf(w) === month));
}

/** Year, month and week selectors: only Monday-to-Friday weeks, each labelled. */
export function WeekFilters({ weeks, filter, onChange }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ids = { year: useId(), month: useId(), week: useId() };
  const years = [...new Set(weeks.map(yearOf))];
  const months = [...new Set(weeks.filter((w) => yearOf(w) === filter.year).map(monthOf))].sort(
    (a, b) => a - b,
  );
  const shown = weeksInFilter(weeks, filter.year, filter.month);

  const pick = (year: number, month: number | "all") =>
    onChange({ year, month, weekId: weeksInFilter(weeks, year, month)[0]?.menu.id ?? null });

  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <FormControl sx={{ minWidth: 120 }}>
        <InputLabel id={ids.year}>{t("screens.menu.year")}</InputLabel>
        <Select
          labelId={ids.year}
          label={t("screens.menu.year")}
          value={filter.year}
          onChange={(e) => pick(Number(e.target.value), "all")}
        >
          {years.map((year) => (
            <MenuItem key={year} value={year}>
              {year}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl sx={{ minWidth: 160 }}>
        <InputLabel id={ids.month}>{t("screens.menu.month")}</InputLabel>
        <Select
          labelId={ids.month}
          label={t("screens.menu.month")}
          value={filter.month}
          onChange={(e) => pick(filter.year, e.target.value === "all" ? "all" : Number(e.target.value))}
        >
          <MenuItem value="all">{t("screens.menu.allMonths")}</MenuItem>
          {months.map((month) => (
            <MenuItem key={month} value={month}>
              {formatMonth(month, language)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl sx={{ minWidth: 320, flex: 1 }}>
        <InputLabel id={ids.week}>{t("screens.menu.week")}</InputLabel>
        <Select
          labelId={ids.week}
          label={t("screens.menu.week")}
          value={filter.weekId && shown.some((w) => w.menu.id === filter.weekId) ? filter.weekId : ""}
          onChange={(e) => onChange({ ...filter, weekId: String(e.target.value) })}
        >
          {shown.map((week) => (
            <MenuItem key={week.menu.id} value={week.menu.id}>
              {t("screens.menu.weekOption", {
                from: formatDate(week.dateFrom, language),
                to: formatDate(week.dateTo, language),
                label: t(`screens.menu.labels.${week.label}`),
              })}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
