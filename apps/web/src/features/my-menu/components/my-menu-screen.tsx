import { addDaysIso, todayIn } from "@kantien/domain/dates";
import type { MyMenuDay } from "@kantien/domain/my";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { PageTitle } from "../../../components/page-title";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDate } from "../../../lib/format";
import { currentLanguage, withTexts } from "../../../lib/i18n";
import { lazyComponent } from "../../../lib/lazy-component";
import { useMyBalance } from "../../../lib/my-data";
import { useNow } from "../../../lib/use-now";
import { useMyMenu } from "../api/my-menu";
import { DayCard } from "./day-card";

// Loaded when a customer reaches for "Bestel", not with the menu (the /my first-load budget),
// with the allergen warnings' words it may show.
const loadOrderDialog = () => withTexts("myAllergens", import("./order-dialog"));
const OrderDialog = lazyComponent(loadOrderDialog, (m) => m.OrderDialog);

/** The countdown on a day's card moves every 15 seconds. */
const CLOCK_MS = 15_000;

/** The week's heading with its arrows; while the week loads, a placeholder of the same height. */
function WeekSwitch(props: {
  week: string | null;
  canGoBack: boolean;
  canGoOn: boolean;
  onMove: (days: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 2 }}>
      <IconButton
        size="large"
        onClick={() => props.onMove(-7)}
        disabled={!props.canGoBack}
        aria-label={t("my.menu.previousWeek")}
      >
        <ChevronLeft />
      </IconButton>
      <Typography component="p" variant="subtitle1" aria-live="polite" sx={{ fontWeight: 600 }}>
        {props.week ? (
          t("my.menu.weekOf", { date: formatDate(props.week, currentLanguage()) })
        ) : (
          <Skeleton width="14ch" />
        )}
      </Typography>
      <IconButton
        size="large"
        onClick={() => props.onMove(7)}
        disabled={!props.canGoOn}
        aria-label={t("my.menu.nextWeek")}
      >
        <ChevronRight />
      </IconButton>
    </Box>
  );
}

/**
 * A week's days as a customer wants them: today (marked) or the next day first, the days gone
 * by folded away at the end; a week without a dish, or not open yet, one line instead of five.
 */
function WeekDays(props: {
  days: MyMenuDay[];
  today: string;
  render: (day: MyMenuDay, isToday: boolean) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (props.days.every((day) => day.closedReason === "beyond_horizon")) {
    return <Alert severity="info">{t("my.menu.notYetWeek")}</Alert>;
  }
  if (props.days.every((day) => !day.item)) {
    return <Alert severity="info">{t("my.menu.noMenuWeek")}</Alert>;
  }
  const past = props.days.filter((day) => day.date < props.today);
  const coming = props.days.filter((day) => day.date >= props.today);
  return (
    <>
      {coming.map((day) => props.render(day, day.date === props.today))}
      {past.length > 0 ? (
        // A native disclosure, not MUI's Accordion: the ordering app's first load stays small.
        <Box
          component="details"
          sx={{
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
            "& > summary": { cursor: "pointer", minHeight: 48, display: "flex", alignItems: "center", px: 2 },
            "&[open] > summary": { borderBottom: 1, borderColor: "divider" },
          }}
        >
          <summary>{t("my.menu.earlier", { count: past.length })}</summary>
          <Stack spacing={2} sx={{ p: 2 }}>
            {past.map((day) => props.render(day, false))}
          </Stack>
        </Box>
      ) : null}
    </>
  );
}

/**
 * `/my`: the week's school days, one card each, this week and as far ahead as the canteen
 * allows; a day still open is ordered from its card.
 */
export function MyMenuScreen() {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const now = useNow(CLOCK_MS);
  // null: the week the server says customers order in now.
  const [week, setWeek] = useState<string | null>(null);
  const [firstWeek, setFirstWeek] = useState<string | null>(null);
  const [ordering, setOrdering] = useState<MyMenuDay | null>(null);
  const menu = useMyMenu(week);
  const balance = useMyBalance().data?.balance ?? null;
  const data = menu.data;
  if (data && firstWeek === null) setFirstWeek(data.week);

  const lastDay = data?.days.at(-1);
  const canGoOn = Boolean(lastDay && lastDay.closedReason !== "beyond_horizon");
  const canGoBack = Boolean(data && firstWeek && data.week > firstWeek);

  return (
    <>
      <PageTitle>{t("my.menu.title")}</PageTitle>
      {menu.isError && !data ? (
        <LoadError error={menu.error} onRetry={() => void menu.refetch()} />
      ) : (
        <WeekSwitch
          week={data?.week ?? null}
          canGoBack={canGoBack}
          canGoOn={canGoOn}
          onMove={(days) => data && setWeek(addDaysIso(data.week, days))}
        />
      )}
      <Stack spacing={2} aria-busy={menu.isFetching} sx={{ opacity: menu.isPlaceholderData ? 0.6 : 1 }}>
        {data ? (
          <WeekDays
            days={data.days}
            today={todayIn(timeZone, now)}
            render={(day, isToday) => (
              <DayCard
                key={day.date}
                day={day}
                now={now}
                timeZone={timeZone}
                onOrder={setOrdering}
                onReach={loadOrderDialog}
                isToday={isToday}
              />
            )}
          />
        ) : menu.isPending ? (
          [0, 1, 2].map((key) => <Skeleton key={key} variant="rounded" height={180} />)
        ) : null}
      </Stack>
      {ordering ? (
        <Suspense fallback={null}>
          <OrderDialog
            day={ordering}
            // No more than the portions left: the server would refuse them (decision 0069).
            maxQuantity={Math.max(
              1,
              Math.min(data?.maxQuantity ?? 1, ordering.item?.portionsLeft ?? Number.POSITIVE_INFINITY),
            )}
            balance={balance}
            onClose={() => setOrdering(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
