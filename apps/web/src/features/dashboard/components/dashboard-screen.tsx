import { isAdminRole } from "@kantien/domain/roles";
import RefreshIcon from "@mui/icons-material/Refresh";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { PageHeader, PageTitle } from "../../../components/page-title";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatLongDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";
import { useNow } from "../../../lib/use-now";
import { useDashboard } from "../api/get-dashboard";
import { quickActionsFor } from "../quick-actions";
import { dashboardWarnings } from "../warnings";
import { LowBalancesCard } from "./low-balances-card";
import { MoneyCard } from "./money-card";
import { QuickActions } from "./quick-actions";
import { RecentActivity } from "./recent-activity";
import { TodayCards } from "./today-cards";
import { WarningsList } from "./warnings-list";
import { WeekSalesCard } from "./week-sales-card";

/**
 * The dashboard (/dashboard), staff and admin: what today asks of the canteen first (warnings,
 * portions to make, orders by stage, money in for admins, low balances), then quick actions
 * and recent activity.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const session = useSession();
  const roleId = session.user?.role_id ?? null;
  const dashboard = useDashboard();
  const summary = dashboard.data;
  // Moved on every minute, so relative times stay true.
  const now = useNow(60_000);
  // 'Sluit' hides this error; the next failed load shows the alert again.
  const [closedError, setClosedError] = useState<number | null>(null);
  const refreshLabel = t("screens.dashboard.refresh");
  const showError = dashboard.isError && closedError !== dashboard.errorUpdateCount;
  const loading = dashboard.isPending;
  const admin = roleId !== null && isAdminRole(roleId);

  return (
    <Stack spacing={3}>
      <PageHeader>
        <Box>
          <PageTitle>{t("screens.dashboard.title")}</PageTitle>
          {summary ? (
            <Typography color="text.secondary" sx={{ mt: -2 }}>
              {t("screens.dashboard.today.heading", { date: formatLongDate(summary.today.date, language) })}
            </Typography>
          ) : null}
        </Box>
        <Tooltip title={refreshLabel}>
          <IconButton
            onClick={() => void dashboard.refetch()}
            aria-label={refreshLabel}
            aria-busy={dashboard.isFetching}
            size="large"
          >
            {dashboard.isFetching ? <CircularProgress size={24} aria-hidden="true" /> : <RefreshIcon />}
          </IconButton>
        </Tooltip>
      </PageHeader>
      {showError ? (
        <LoadError
          title={t("screens.dashboard.loadError")}
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          onClose={() => setClosedError(dashboard.errorUpdateCount)}
        />
      ) : null}
      {/* Without an answer there is nothing true to show: the error says why, or the cards load. */}
      {dashboard.isError && !summary ? null : (
        <>
          {summary && roleId !== null ? (
            <WarningsList warnings={dashboardWarnings(summary, roleId)} language={language} />
          ) : null}
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: "repeat(auto-fit, minmax(15rem, 1fr))",
              alignItems: "stretch",
            }}
          >
            <TodayCards today={summary?.today} loading={loading} />
            {admin ? <MoneyCard money={summary?.money ?? undefined} loading={loading} /> : null}
            {admin ? <WeekSalesCard /> : null}
            <LowBalancesCard lowBalances={summary?.lowBalances} loading={loading} />
          </Box>
        </>
      )}
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 2fr" } }}>
        {roleId !== null ? <QuickActions actions={quickActionsFor(roleId)} /> : <Box />}
        <RecentActivity
          activity={summary?.activity}
          loading={loading}
          now={now}
          language={language}
          timeZone={timeZone}
        />
      </Box>
    </Stack>
  );
}
