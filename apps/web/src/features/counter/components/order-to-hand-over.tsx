import type { CounterOrder } from "@kantien/domain/kitchen";
import { orderLabel } from "@kantien/domain/order-label";
import AccountBalanceWalletIcon from "@mui/icons-material/AccountBalanceWallet";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AllergenCheckDialog } from "../../../components/allergen-check-dialog";
import { useNotice } from "../../../components/notice";
import { StatusChip } from "../../../components/status-chip";
import { ApiError, errorMessage, isNetworkError } from "../../../lib/api-client";
import { currentLanguage } from "../../../lib/i18n";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { useCollectOrder } from "../api/counter";
import { useCounterQueue } from "../counter-queue";
import { playCounterSound } from "../counter-sound";
import { AllergyAlert, AlreadyCollected, HandedOver, NotReady, OtherDay } from "./order-alerts";

export type OrderToHandOverProps = {
  order: CounterOrder;
  today: string;
  timeZone: string;
  /** This counter handed it over a moment ago: a confirmation with an undo, not a warning. */
  justHanded: boolean;
  onHandedOver: (order: CounterOrder) => void;
  onUndo: (order: CounterOrder) => void;
  /** Left out for an order whose customer the counter does not know (the idle list). */
  onTopUp?: (customerId: string) => void;
};

/** One found order: what to hand over, to whom, and Afgehaal in one tap (once). */
export function OrderToHandOver({
  order,
  today,
  timeZone,
  justHanded,
  onHandedOver,
  onUndo,
  onTopUp,
}: OrderToHandOverProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const notify = useNotice();
  const collect = useCollectOrder();
  const queue = useCounterQueue();
  const [queued, setQueued] = useState(false);
  const label = orderLabel(order);
  // The server asks "Allergene nagegaan?" for an alerted order nobody confirmed yet (it skipped
  // Gereed, or its dish changed since): the counter asks the cook, and hands over on a yes.
  const [checking, setChecking] = useState(false);
  const hand = (allergensConfirmed?: boolean) =>
    collect.mutate(
      { id: order.id, ...(allergensConfirmed ? { allergensConfirmed } : {}) },
      {
        onSuccess: () => {
          queue.reached();
          playCounterSound("handedOver");
          notify({ severity: "success", text: () => i18n.t("screens.counter.handedOver", { label }) });
          onHandedOver(order);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "allergens_unconfirmed") setChecking(true);
          if (!isNetworkError(error)) return;
          // Unreachable: an alerted order is handed over offline only once the cook confirmed the
          // allergens; the rest waits on the device (decision 0073).
          if (order.allergyAlert && !allergensConfirmed) {
            setChecking(true);
            return;
          }
          void queue
            .keep({
              kind: "handOver",
              key: newIdempotencyKey(),
              queuedAt: new Date().toISOString(),
              label: `#${label} · ${order.customerName}`,
              orderId: order.id,
              allergensConfirmed: allergensConfirmed === true,
            })
            .then(() => {
              setQueued(true);
              collect.reset();
              notify({
                severity: "info",
                text: () => i18n.t("screens.counter.offline.queuedHandOver", { label }),
              });
            });
        },
      },
    );
  const asksCheck = collect.error instanceof ApiError && collect.error.code === "allergens_unconfirmed";
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: "none" }}>
      <CardContent>
        {order.collected && !justHanded ? (
          <AlreadyCollected collected={order.collected} timeZone={timeZone} />
        ) : null}
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: "auto" }}>
            #{label} · {order.customerName}
          </Typography>
          <StatusChip status={order.status} />
        </Box>
        <Typography
          sx={{ fontSize: "1.5rem", fontWeight: 700 }}
        >{`${order.itemName} × ${order.quantity}`}</Typography>
        {order.allergyAlert ? <AllergyAlert alert={order.allergyAlert} /> : null}
        {order.orderDate !== today ? <OtherDay orderDate={order.orderDate} /> : null}
        {order.status === "delivered" && justHanded ? (
          <HandedOver order={order} onUndo={() => onUndo(order)} />
        ) : order.status === "delivered" ? null : order.status === "ready" ? (
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={() => hand()}
            disabled={collect.isPending || queued}
            sx={{ mt: 2, minHeight: 56, fontSize: "1.125rem" }}
          >
            {queued ? t("screens.counter.offline.waitingHandOver") : t("screens.kitchen.steps.delivered")}
          </Button>
        ) : order.status === "cancelled" || order.status === "failed" ? null : (
          <NotReady begun={order.status === "processing"} />
        )}
        {collect.isError && !asksCheck && !isNetworkError(collect.error) ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(collect.error, t("errors.update"))}
          </Alert>
        ) : null}
        <AllergenCheckDialog
          order={checking ? order : null}
          language={language}
          onConfirm={() => {
            setChecking(false);
            hand(true);
          }}
          onClose={() => {
            setChecking(false);
            collect.reset();
          }}
        />
        {onTopUp ? (
          <Button
            startIcon={<AccountBalanceWalletIcon />}
            onClick={() => onTopUp(order.customerId)}
            sx={{ mt: 1 }}
          >
            {t("screens.counter.topUpFor", { name: order.customerName })}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Orders to hand over, each a card; the one this counter just handed over confirms it. */
export function HandOverList({
  label,
  orders,
  handed,
  ...card
}: Omit<OrderToHandOverProps, "order" | "justHanded"> & {
  label: string;
  orders: CounterOrder[];
  handed: string | null;
}) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={label}>
      {orders.map((order) => (
        <OrderToHandOver key={order.id} order={order} justHanded={handed === order.id} {...card} />
      ))}
    </Stack>
  );
}
