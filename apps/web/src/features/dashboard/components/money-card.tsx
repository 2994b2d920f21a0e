import type { DashboardMoney } from "@kantien/domain/dashboard";
import { formatRand } from "@kantien/domain/money";
import { MONEY_CHANNELS, REPORT_CHANNELS } from "@kantien/domain/money-channels";
import { ROUTES } from "@kantien/domain/route-access";
import PaymentsIcon from "@mui/icons-material/Payments";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { CardRow, CardRows, DashboardCard } from "./dashboard-card";

/**
 * Today's money in from the wallet ledger, for admins: by channel net of reversals (the total is
 * their sum), the reversals already taken off, refunds and corrections.
 */
export function MoneyCard({ money, loading }: { money: DashboardMoney | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const quiet =
    money !== undefined &&
    Number(money.totalIn) === 0 &&
    money.reversals.count === 0 &&
    money.refunds.count === 0 &&
    money.corrections.count === 0;
  return (
    <DashboardCard
      title={t("screens.dashboard.money.heading")}
      icon={<PaymentsIcon />}
      loading={loading || !money}
      link={{ label: t("screens.dashboard.money.toMoney"), to: ROUTES.money }}
    >
      {money ? (
        <>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {formatRand(money.totalIn)}
          </Typography>
          {quiet ? (
            <Typography variant="body2" color="text.secondary">
              {t("screens.dashboard.money.none")}
            </Typography>
          ) : (
            <CardRows label={t("screens.dashboard.money.breakdown")}>
              {REPORT_CHANNELS.map((channel) =>
                // Top-ups from before channels were recorded: shown only when there are any.
                MONEY_CHANNELS[channel].legacy && money.topUps[channel].count === 0 ? null : (
                  <CardRow
                    key={channel}
                    label={`${t(`screens.dashboard.money.${channel}`)} (${money.topUps[channel].count})`}
                    value={formatRand(money.topUps[channel].amount)}
                  />
                ),
              )}
              {money.reversals.count > 0 ? (
                <CardRow
                  label={`${t("screens.dashboard.money.reversals")} (${money.reversals.count})`}
                  value={formatRand(money.reversals.amount)}
                />
              ) : null}
              <CardRow
                divided
                label={`${t("screens.dashboard.money.refunds")} (${money.refunds.count})`}
                value={formatRand(money.refunds.amount)}
              />
              <CardRow
                label={`${t("screens.dashboard.money.corrections")} (${money.corrections.count})`}
                value={formatRand(money.corrections.amount)}
              />
            </CardRows>
          )}
        </>
      ) : null}
    </DashboardCard>
  );
}
