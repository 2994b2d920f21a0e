import { todayIn } from "@kantien/domain/dates";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { useAddressState } from "../../../lib/list-params";
import { REPORT_VIEWS, type ReportView, viewParam } from "../report-views";
import { DayView } from "./day-view";
import { HeldView } from "./held-view";
import { ReportPrintStyles } from "./report-actions";
import { SalesView } from "./sales-view";

/**
 * /reports, "Verslae" (admins, decision 0042): the day's figures and its close, sales over a
 * range, and the money the canteen holds; the view in the address, so a reload keeps it.
 */
export function ReportsScreen() {
  const { t } = useTranslation();
  const today = todayIn(useCanteenTimeZone());
  const address = useAddressState<{ view: ReportView }>({ view: viewParam });
  const { view } = address.params;

  return (
    <Stack spacing={3}>
      <ReportPrintStyles />
      <Box sx={{ displayPrint: "none" }}>
        <PageTitle>{t("screens.reports.title")}</PageTitle>
        <Typography color="text.secondary" sx={{ mt: -2 }}>
          {t("screens.reports.intro")}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ displayPrint: "none" }}>
        <Tabs
          value={view}
          onChange={(_, next: ReportView) => address.change({ view: next })}
          aria-label={t("screens.reports.views.label")}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {REPORT_VIEWS.map((option) => (
            <Tab
              key={option}
              value={option}
              label={t(`screens.reports.views.${option}`)}
              id={`report-tab-${option}`}
              aria-controls="report-view"
            />
          ))}
        </Tabs>
      </Paper>
      <Box id="report-view" role="tabpanel" aria-labelledby={`report-tab-${view}`}>
        {view === "day" ? <DayView today={today} /> : null}
        {view === "sales" ? <SalesView today={today} /> : null}
        {view === "held" ? <HeldView /> : null}
      </Box>
    </Stack>
  );
}
