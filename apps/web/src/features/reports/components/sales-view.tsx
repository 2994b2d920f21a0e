import { daysBetween, type IsoDate } from "@kantien/domain/dates";
import { fieldMessage } from "@kantien/domain/field-messages";
import { formatRand } from "@kantien/domain/money";
import { MONEY_CHANNELS, REPORT_CHANNELS } from "@kantien/domain/money-channels";
import {
  SALES_GROUPINGS,
  SALES_MAX_DAYS,
  type SalesGrouping,
  type SalesReport,
} from "@kantien/domain/reports";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { formatDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useAddressState } from "../../../lib/list-params";
import { useSalesReport } from "../api/sales-report";
import type { ReportTable } from "../report-tables";
import { dateParam, defaultSalesRange, groupByParam } from "../report-views";
import { periodTick, salesTables } from "../view-tables";
import { PRINT_CLASS, ReportActions } from "./report-actions";
import { AmountBars, ChannelBars, DishBars, HeldLine } from "./report-charts";
import { ReportLoad } from "./report-load";
import { ChartFigure, ReportSection } from "./report-section";
import { ReportTableView, TableDisclosure } from "./report-table";

/** The range's problem, as the server would refuse it: backwards, or longer than two years. */
function rangeProblem(from: IsoDate, to: IsoDate): "backwards" | "tooLong" | null {
  if (from > to) return "backwards";
  return daysBetween(from, to) >= SALES_MAX_DAYS ? "tooLong" : null;
}

/** "Verkope": sales, top dishes, top-ups and money held over a range, per day, week or month. */
export function SalesView({ today }: { today: IsoDate }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fallback = defaultSalesRange(today);
  const address = useAddressState<{ from: IsoDate; to: IsoDate; groupBy: SalesGrouping }>({
    from: dateParam(fallback.from),
    to: dateParam(fallback.to),
    groupBy: groupByParam,
  });
  const { from, to, groupBy } = address.params;
  const problem = rangeProblem(from, to);
  const report = useSalesReport({ from, to, groupBy }, problem === null);
  const tables = report.data && !problem ? salesTables(report.data, { t, language }) : null;
  const title = t("screens.reports.sales.title", {
    from: formatDate(from, language),
    to: formatDate(to, language),
  });

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start", displayPrint: "none" }}>
        <DateField
          label={t("screens.reports.sales.from")}
          value={from}
          max={today}
          onChange={(next) => next && address.change({ from: next })}
        />
        <DateField
          label={t("screens.reports.sales.to")}
          value={to}
          onChange={(next) => next && address.change({ to: next })}
          error={problem !== null}
          helperText={
            problem === "backwards"
              ? fieldMessage("order_range_invalid", language)
              : problem === "tooLong"
                ? t("screens.reports.sales.tooLong")
                : undefined
          }
        />
        <ToggleButtonGroup
          exclusive
          value={groupBy}
          onChange={(_, next: SalesGrouping | null) => next && address.change({ groupBy: next })}
          aria-label={t("screens.reports.sales.groupBy")}
          sx={{ alignSelf: "center" }}
        >
          {SALES_GROUPINGS.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`screens.reports.sales.groupings.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ alignSelf: "center" }}>
          <ReportActions title={title} fileName={`verkope-${from}-${to}.csv`} tables={tables} />
        </Box>
      </Box>
      {problem ? null : (
        <ReportLoad query={report}>
          {(data) => (tables ? <SalesBody report={data} tables={tables} title={title} /> : null)}
        </ReportLoad>
      )}
    </Stack>
  );
}

function SalesBody({ report, tables, title }: { report: SalesReport; tables: ReportTable[]; title: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const table = (id: string) => tables.find((candidate) => candidate.id === id) as ReportTable;
  const ticks = report.series.map((row) => periodTick(row.period, report.groupBy, language));
  const periods = t(`screens.reports.sales.periods.${report.groupBy}`);
  const channels = REPORT_CHANNELS.map((key) => ({
    key,
    label: t(`screens.reports.channels.${key}`),
    amounts: report.series.map((row) => Number(row.topUps[key])),
  }))
    // Top-ups from before channels were recorded: drawn only when there are any.
    .filter(
      (channel) => !MONEY_CHANNELS[channel.key].legacy || channel.amounts.some((amount) => amount !== 0),
    );

  return (
    <Stack spacing={2} className={PRINT_CLASS}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <Typography>
        {t("screens.reports.day.summary", {
          orders: report.totals.orders,
          portions: report.totals.portions,
          amount: formatRand(report.totals.amount),
        })}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
        <ReportSection title={table("periods").caption}>
          <ChartFigure label={t("screens.reports.sales.perPeriodChart", { periods })}>
            <AmountBars
              ticks={ticks}
              amounts={report.series.map((row) => Number(row.amount))}
              label={t("screens.reports.columns.amount")}
            />
          </ChartFigure>
          <TableDisclosure table={table("periods")} />
        </ReportSection>
        <ReportSection title={table("top-items").caption}>
          {report.topItems.length === 0 ? (
            <ReportTableView table={table("top-items")} />
          ) : (
            <>
              <ChartFigure label={t("screens.reports.sales.topItemsChart")}>
                <DishBars
                  names={report.topItems.map((item) => item.name)}
                  portions={report.topItems.map((item) => item.portions)}
                  label={t("screens.reports.columns.portions")}
                />
              </ChartFigure>
              <TableDisclosure table={table("top-items")} />
            </>
          )}
        </ReportSection>
        <ReportSection title={table("top-ups").caption}>
          <ChartFigure label={t("screens.reports.sales.topUpsChart", { periods })}>
            <ChannelBars ticks={ticks} channels={channels} />
          </ChartFigure>
          <TableDisclosure table={table("top-ups")} />
        </ReportSection>
        <ReportSection title={table("money-held").caption}>
          <ChartFigure label={t("screens.reports.sales.moneyHeldChart", { periods })}>
            <HeldLine
              ticks={ticks}
              amounts={report.series.map((row) => Number(row.moneyHeld))}
              label={t("screens.reports.sales.heldAtEnd")}
            />
          </ChartFigure>
          <TableDisclosure table={table("money-held")} />
        </ReportSection>
        {(["counter-periods", "counter-top"] as const).map((id) => {
          const found = tables.find((candidate) => candidate.id === id);
          return found ? (
            <ReportSection key={id} title={found.caption}>
              <ReportTableView table={found} />
            </ReportSection>
          ) : null;
        })}
      </Box>
    </Stack>
  );
}
