import { todayIn } from "@kantien/domain/dates";
import { formatRand } from "@kantien/domain/money";
import { ROUTES } from "@kantien/domain/route-access";
import BarChartIcon from "@mui/icons-material/BarChart";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { useWeekSales } from "../api/get-week-sales";
import { DashboardCard } from "./dashboard-card";

/** This week's sales so far, for admins: a glance, and the way to the reports' sales view. */
export function WeekSalesCard() {
  const { t } = useTranslation();
  const today = todayIn(useCanteenTimeZone());
  const sales = useWeekSales(today);
  return (
    <DashboardCard
      title={t("screens.dashboard.week.heading")}
      icon={<BarChartIcon />}
      loading={sales.isPending}
      link={{ label: t("screens.dashboard.week.toReports"), to: `${ROUTES.reports}?view=sales` }}
    >
      {sales.data ? (
        <>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {formatRand(sales.data.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("screens.dashboard.week.summary", {
              orders: sales.data.orders,
              portions: sales.data.portions,
            })}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t("errors.load")}
        </Typography>
      )}
    </DashboardCard>
  );
}
