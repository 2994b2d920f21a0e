import { formatRand } from "@kantien/domain/money";
import { LIABILITY_AGES, type LiabilityReport } from "@kantien/domain/reports";
import { ROUTES } from "@kantien/domain/route-access";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLiabilityReport } from "../api/liability-report";
import type { ReportTable } from "../report-tables";
import { heldTables } from "../view-tables";
import { PRINT_CLASS, ReportActions } from "./report-actions";
import { AgeBars } from "./report-charts";
import { ReportLoad } from "./report-load";
import { ChartFigure, ReportSection } from "./report-section";
import { ReportTableView } from "./report-table";

/** "Geld in beursies": the customers' money the canteen holds, by how long it has slept, and bank credits waiting. */
export function HeldView() {
  const { t } = useTranslation();
  const report = useLiabilityReport();
  const tables = report.data ? heldTables(report.data, { t }) : null;
  const title = t("screens.reports.held.title");

  return (
    <Stack spacing={2}>
      <Box sx={{ displayPrint: "none" }}>
        <ReportActions title={title} fileName="geld-gehou.csv" tables={tables} />
      </Box>
      <ReportLoad query={report}>
        {(data) => (tables ? <HeldBody report={data} tables={tables} title={title} /> : null)}
      </ReportLoad>
    </Stack>
  );
}

function HeldBody({
  report,
  tables,
  title,
}: {
  report: LiabilityReport;
  tables: ReportTable[];
  title: string;
}) {
  const { t } = useTranslation();
  const [held, byAge] = tables as [ReportTable, ReportTable];
  return (
    <Stack spacing={2} className={PRINT_CLASS}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <Typography>
        {t("screens.reports.held.summary", {
          amount: formatRand(report.moneyHeld),
          count: report.customersWithMoney,
        })}
      </Typography>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
        <ReportSection title={held.caption}>
          <ReportTableView table={held} />
          {report.unallocatedBankCredits.count > 0 ? (
            <Box sx={{ displayPrint: "none" }}>
              <Button
                component={Link}
                to={ROUTES.money}
                color="inherit"
                variant="outlined"
                size="small"
                endIcon={<ArrowForwardIcon />}
              >
                {t("screens.reports.held.toMoney")}
              </Button>
            </Box>
          ) : null}
        </ReportSection>
        <ReportSection title={byAge.caption}>
          <ChartFigure label={t("screens.reports.held.byAgeChart")}>
            <AgeBars
              ages={LIABILITY_AGES.map((age) => t(`screens.reports.held.agesShort.${age}`))}
              axisLabel={t("screens.reports.held.ageAxis")}
              amounts={LIABILITY_AGES.map((age) =>
                Number(report.byAge.find((row) => row.age === age)?.amount ?? 0),
              )}
              label={t("screens.reports.columns.amount")}
            />
          </ChartFigure>
          <ReportTableView table={byAge} />
        </ReportSection>
      </Box>
    </Stack>
  );
}
