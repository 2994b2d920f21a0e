import type { IsoDate } from "@kantien/domain/dates";
import { formatRand } from "@kantien/domain/money";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import LockIcon from "@mui/icons-material/Lock";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime, formatLongDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useAddressState } from "../../../lib/list-params";
import { useRoleLabel } from "../../../lib/role-label";
import { type DayReportWithClose, useDayReport } from "../api/day-report";
import type { ReportTable } from "../report-tables";
import { dateParam, defaultReportDay } from "../report-views";
import { dayTables } from "../view-tables";
import { CloseDay } from "./close-day";
import { ClosesList } from "./closes-list";
import { PRINT_CLASS, ReportActions } from "./report-actions";
import { ReportLoad } from "./report-load";
import { ReportSection } from "./report-section";
import { ReportTableView } from "./report-table";

/** "Dag": one day's sales, money and wallet proof, and its close. */
export function DayView({ today }: { today: IsoDate }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const roleName = useRoleLabel();
  const address = useAddressState<{ date: IsoDate }>({ date: dateParam(defaultReportDay(today)) });
  const { date } = address.params;
  const report = useDayReport(date);
  const tables = report.data ? dayTables(report.data, { t, roleName, timeZone, language }) : null;
  const title = t("screens.reports.day.title", { date: formatLongDate(date, language) });

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "center", displayPrint: "none" }}>
        <DateField
          label={t("screens.reports.day.date")}
          value={date}
          max={today}
          onChange={(next) => next && address.change({ date: next })}
        />
        <ReportActions title={title} fileName={`dagverslag-${date}.csv`} tables={tables} />
      </Box>
      <ReportLoad query={report}>
        {(data) => <DayReportBody report={data} tables={tables ?? []} title={title} today={today} />}
      </ReportLoad>
      <Box sx={{ displayPrint: "none" }}>
        <ClosesList />
      </Box>
    </Stack>
  );
}

function DayReportBody({
  report,
  tables,
  title,
  today,
}: {
  report: DayReportWithClose;
  tables: ReportTable[];
  title: string;
  today: IsoDate;
}) {
  const { t } = useTranslation();
  const table = (id: string) => tables.find((candidate) => candidate.id === id);
  const sections = [
    "sales",
    "by-item",
    "by-role",
    "money",
    "by-payer",
    "counter",
    "counter-items",
    "counter-voids",
    "stock-changes",
  ] as const;
  return (
    <Stack spacing={2} className={PRINT_CLASS}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <Typography>
        {t("screens.reports.day.summary", {
          orders: report.sales.orders,
          portions: report.sales.portions,
          amount: formatRand(report.sales.amount),
        })}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
        {sections.map((id) => {
          const found = table(id);
          return found ? (
            <ReportSection key={id} title={found.caption}>
              <ReportTableView table={found} />
            </ReportSection>
          ) : null;
        })}
      </Box>
      <WalletProof report={report} table={table("proof")} />
      {/* The close comes after the proof it rests on: read the figures, then close. */}
      <CloseState report={report} today={today} />
    </Stack>
  );
}

/** Opening + money in − orders + refunds ± corrections = closing = the wallets' balances, or the difference. */
function WalletProof({ report, table }: { report: DayReportWithClose; table: ReportTable | undefined }) {
  const { t } = useTranslation();
  const proof = report.walletProof;
  if (!table) return null;
  return (
    <ReportSection title={table.caption}>
      <Typography variant="body2" color="text.secondary">
        {t("screens.reports.proof.explain")}
      </Typography>
      <ReportTableView table={table} strongLast />
      {proof.balanced ? (
        <Alert severity="success" icon={<CheckCircleIcon />} role="status">
          {t("screens.reports.proof.balanced")}
        </Alert>
      ) : (
        <Alert severity="error" icon={<ErrorIcon />}>
          {t("screens.reports.proof.notBalanced", { difference: formatRand(proof.difference) })}
        </Alert>
      )}
    </ReportSection>
  );
}

/** A closed day says who closed it, when, and its hash; an open past day offers the close. */
function CloseState({ report, today }: { report: DayReportWithClose; today: IsoDate }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const { close } = report;
  if (!close) return <CloseDay report={report} today={today} />;
  const when = formatDateTime(close.closedAt, timeZone, language);
  return (
    <Alert severity="info" icon={<LockIcon />}>
      <AlertTitle>
        {close.closedBy
          ? t("screens.reports.close.closedByAt", { name: close.closedBy, when })
          : t("screens.reports.close.closedAtOnly", { when })}
      </AlertTitle>
      {t("screens.reports.close.frozen")}
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1,
          "& dd": { m: 0, fontFamily: "ui-monospace, monospace", overflowWrap: "anywhere" },
        }}
      >
        <dt>{t("screens.reports.close.hash")}</dt>
        <dd>{close.hash}</dd>
        <dt>{t("screens.reports.close.previousHash")}</dt>
        <dd>{close.previousHash ?? "—"}</dd>
      </Box>
    </Alert>
  );
}
