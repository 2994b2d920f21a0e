import { addDaysIso, type IsoDate, mondayOf, schoolDays, todayIn } from "@kantien/domain/dates";
import { portionsToMake } from "@kantien/domain/kitchen-rules";
import { isWeekStart, weekEndOf } from "@kantien/domain/weekly-orders";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import RefreshIcon from "@mui/icons-material/Refresh";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useAddressState } from "../../../lib/list-params";
import { useWeeklyOrders } from "../api/get-weekly-orders";
import { PortionsToMake } from "./portions-to-make";
import { WeeklyOrderDay } from "./weekly-order-day";

/**
 * The week in the address (`?week=` a Monday), else the week of today in the canteen, and a
 * way to move it by days.
 */
function useWeekStart(timeZone: string): [IsoDate, (days: number) => void] {
  const address = useAddressState<{ week: IsoDate }>({
    week: {
      read: (raw) => (raw !== null && isWeekStart(raw) ? raw : mondayOf(todayIn(timeZone))),
      write: (week) => week,
    },
  });
  return [address.params.week, (days) => address.change(({ week }) => ({ week: addDaysIso(week, days) }))];
}

/**
 * Weekly orders (/weekly-orders): Monday to Friday, each day's orders and prep sheet,
 * and above them the week's portions still to make, for the cook's shopping.
 */
export function WeeklyOrdersScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const [weekStart, shiftWeek] = useWeekStart(timeZone);
  const week = useWeeklyOrders(weekStart);
  const refreshLabel = t("screens.weeklyOrders.refresh");
  const days = week.data?.days;
  const weekOrders = days?.flatMap((d) => d.orders) ?? [];
  const isThisWeek = weekStart === mondayOf(todayIn(timeZone));

  return (
    <Stack spacing={3}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t("screens.weeklyOrders.title")}
        </Typography>
        <Tooltip title={refreshLabel}>
          <IconButton
            onClick={() => void week.refetch()}
            aria-label={refreshLabel}
            aria-busy={week.isFetching}
            size="large"
          >
            {week.isFetching ? <CircularProgress size={24} aria-hidden="true" /> : <RefreshIcon />}
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <IconButton aria-label={t("screens.weeklyOrders.previousWeek")} onClick={() => shiftWeek(-7)}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="p" aria-live="polite" sx={{ textAlign: "center", flex: 1 }}>
          {t("screens.weeklyOrders.weekRange", {
            // A narrow screen breaks the range between the dates, never inside one.
            from: formatDate(weekStart, language).replaceAll(" ", "\u00a0"),
            to: formatDate(weekEndOf(weekStart), language).replaceAll(" ", "\u00a0"),
          })}
        </Typography>
        <IconButton aria-label={t("screens.weeklyOrders.nextWeek")} onClick={() => shiftWeek(7)}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      {weekOrders.length > 0 ? (
        // Not a <section>: the five day cards are the screen's only regions.
        <Paper variant="outlined" sx={{ p: 2 }}>
          <PortionsToMake
            title={t(
              isThisWeek
                ? "screens.weeklyOrders.toMakeWeekTitle"
                : "screens.weeklyOrders.toMakeChosenWeekTitle",
            )}
            dishes={portionsToMake(weekOrders)}
            variant="week"
          />
        </Paper>
      ) : null}
      {week.isError ? <LoadError error={week.error} onRetry={() => void week.refetch()} /> : null}
      {week.isError && !days ? null : (
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr", md: "repeat(5, minmax(0, 1fr))" },
            gap: 2,
          }}
        >
          {schoolDays(weekStart).map((date) => (
            <WeeklyOrderDay
              key={date}
              date={date}
              day={days?.find((d) => d.date === date)}
              language={language}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}
