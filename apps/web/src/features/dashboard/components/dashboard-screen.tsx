import RefreshIcon from "@mui/icons-material/Refresh";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { PageTitle } from "../../../components/page-title";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { currentLanguage } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";
import { useNow } from "../../../lib/use-now";
import { useDashboard } from "../api/get-dashboard";
import { quickActionsFor } from "../quick-actions";
import { QuickActions } from "./quick-actions";
import { RecentActivity } from "./recent-activity";
import { SummaryCards } from "./summary-cards";

/** The dashboard (/dashboard), staff and admin. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const session = useSession();
  const roleId = session.user?.role_id ?? null;
  const dashboard = useDashboard();
  // Moved on every minute, so relative times stay true.
  const now = useNow(60_000);
  // 'Sluit' hides this error; the next failed load shows the alert again.
  const [closedError, setClosedError] = useState<number | null>(null);
  const refreshLabel = t("screens.dashboard.refresh");
  const showError = dashboard.isError && closedError !== dashboard.errorUpdateCount;

  return (
    <Stack spacing={3}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2 }}>
        <PageTitle>{t("screens.dashboard.title")}</PageTitle>
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
      </Box>
      {showError ? (
        <LoadError
          title={t("screens.dashboard.loadError")}
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          onClose={() => setClosedError(dashboard.errorUpdateCount)}
        />
      ) : null}
      <SummaryCards counts={dashboard.data?.counts} loading={dashboard.isPending} />
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 2fr" } }}>
        {roleId !== null ? <QuickActions actions={quickActionsFor(roleId)} /> : <Box />}
        <RecentActivity
          activity={dashboard.data?.activity}
          loading={dashboard.isPending}
          now={now}
          language={language}
          timeZone={timeZone}
        />
      </Box>
    </Stack>
  );
}
