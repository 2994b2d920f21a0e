import type { DashboardToday } from "@kantien/domain/dashboard";
import { ROUTES } from "@kantien/domain/route-access";
import OutdoorGrillIcon from "@mui/icons-material/OutdoorGrill";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { CardRow, CardRows, DashboardCard } from "./dashboard-card";

const STAGES = ["pending", "processing", "ready", "delivered"] as const;

const count = new Intl.NumberFormat("en-ZA");
const number = (n: number) => count.format(n).replace(/\s/g, " ");

/**
 * Today's kitchen as the board counts it: the portions still to make per dish, and the orders
 * in each stage. The board is where one acts on both.
 */
export function TodayCards({ today, loading }: { today: DashboardToday | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const noOrders = today?.orders.total === 0;
  const portionsLeft = today?.toMake.reduce((sum, dish) => sum + dish.portions, 0) ?? 0;
  const toKitchen = { label: t("screens.dashboard.today.toKitchen"), to: ROUTES.kitchen };
  return (
    <>
      <DashboardCard
        title={t("screens.dashboard.today.toMake")}
        icon={<OutdoorGrillIcon />}
        loading={loading || !today}
        link={noOrders ? null : toKitchen}
      >
        {noOrders ? (
          <EmptyDay />
        ) : portionsLeft === 0 ? (
          <Typography color="text.secondary">{t("screens.dashboard.today.allMade")}</Typography>
        ) : (
          <>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {t("screens.dashboard.today.portions", { count: portionsLeft, n: number(portionsLeft) })}
            </Typography>
            <CardRows label={t("screens.dashboard.today.toMakeByDish")}>
              {today?.toMake.map((dish) => (
                <CardRow key={dish.itemName} label={dish.itemName} value={`× ${number(dish.portions)}`} />
              ))}
            </CardRows>
          </>
        )}
      </DashboardCard>
      <DashboardCard
        title={t("screens.dashboard.today.orders")}
        icon={<ReceiptLongIcon />}
        loading={loading || !today}
        link={
          today && today.orders.ready > 0
            ? { label: t("screens.dashboard.today.toCounter"), to: ROUTES.counter }
            : noOrders
              ? null
              : toKitchen
        }
      >
        {/* An empty day says so once, on the card beside; here the stages simply stand at 0. */}

        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {t("screens.dashboard.today.orderCount", {
            count: today?.orders.total ?? 0,
            n: number(today?.orders.total ?? 0),
          })}
        </Typography>
        <CardRows label={t("screens.dashboard.today.byStage")}>
          {STAGES.map((stage) => (
            <CardRow
              key={stage}
              label={t(`screens.kitchen.counts.${stage}`)}
              value={number(today?.orders[stage] ?? 0)}
              strong={stage === "ready" && (today?.orders.ready ?? 0) > 0}
            />
          ))}
        </CardRows>
      </DashboardCard>
    </>
  );
}

/** A day without orders says so, and what happens next. */
function EmptyDay() {
  const { t } = useTranslation();
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>{t("screens.dashboard.today.noOrders")}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t("screens.dashboard.today.noOrdersHint")}
      </Typography>
    </>
  );
}
