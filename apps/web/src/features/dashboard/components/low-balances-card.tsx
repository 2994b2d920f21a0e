import type { DashboardSummary } from "@kantien/domain/dashboard";
import { formatRand } from "@kantien/domain/money";
import { ROUTES } from "@kantien/domain/route-access";
import AccountBalanceWalletIcon from "@mui/icons-material/AccountBalanceWallet";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { DashboardCard } from "./dashboard-card";

/** How many customers' wallets are under the canteen's line: the customers list's "low" tab. */
export function LowBalancesCard({
  lowBalances,
  loading,
}: {
  lowBalances: DashboardSummary["lowBalances"] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const threshold = lowBalances ? formatRand(lowBalances.threshold) : "";
  return (
    <DashboardCard
      title={t("screens.dashboard.lowBalances.heading")}
      icon={<AccountBalanceWalletIcon />}
      loading={loading || !lowBalances}
      link={
        lowBalances && lowBalances.count > 0
          ? { label: t("screens.dashboard.lowBalances.toList"), to: `${ROUTES.customers}?tab=low` }
          : null
      }
    >
      {lowBalances ? (
        lowBalances.count === 0 ? (
          <Typography color="text.secondary">
            {t("screens.dashboard.lowBalances.none", { threshold })}
          </Typography>
        ) : (
          <>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {lowBalances.count}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("screens.dashboard.lowBalances.under", { count: lowBalances.count, threshold })}
            </Typography>
          </>
        )
      ) : null}
    </DashboardCard>
  );
}
