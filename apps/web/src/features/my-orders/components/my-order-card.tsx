import { todayIn } from "@kantien/domain/dates";
import { formatRand } from "@kantien/domain/money";
import type { MyOrder } from "@kantien/domain/my";
import type { CancelledBy, OrderCancellation } from "@kantien/domain/order-cancel";
import { orderLabel } from "@kantien/domain/order-label";
import { CLOSED_STATUSES, isWaitingForKitchen } from "@kantien/domain/order-status";
import CheckCircle from "@mui/icons-material/CheckCircle";
import QrCode2Icon from "@mui/icons-material/QrCode2";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { StatusChip } from "../../../components/status-chip";
import { whose } from "../../../lib/acting-for";
import { dayHeadingParts, formatShortDay, formatTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { lazyComponent } from "../../../lib/lazy-component";

// The QR code's drawing code loads only when a customer opens it (the /my first-load budget: /my stays small).
const OrderQrDialog = lazyComponent(
  () => import("./order-qr-dialog"),
  (m) => m.OrderQrDialog,
);

// The allergens' words load only with an order whose dish's allergens changed (decision 0041).
const AllergensChangedNote = lazyComponent(
  () => import("./allergens-changed-note"),
  (m) => m.AllergensChangedNote,
);

type MyOrderCardProps = {
  order: MyOrder;
  timeZone: string;
  onCancel: (order: MyOrder) => void;
};

/** One of my orders: what, for which day, its status, and cancel while it may still be cancelled. */
export function MyOrderCard({ order, timeZone, onCancel }: MyOrderCardProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const titleId = useId();
  const day = order.deliveryDate ? dayHeadingParts(order.deliveryDate, language) : null;
  const tooLate = isWaitingForKitchen(order.status) && !order.cancellable && order.cutoffAt !== null;
  const [showQr, setShowQr] = useState(false);

  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} data-my-order={order.id}>
      <CardContent sx={{ display: "grid", gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {order.item.name} × {order.quantity}
          </Typography>
          <Typography color="text.secondary">
            {day ? `${day.weekday} ${day.date}` : t("common.notSpecified")} · #{orderLabel(order)}
          </Typography>
        </Box>
        {/* Its own line: the customer's words for a status are a phrase, too long beside the title on a phone. */}
        <Box>
          <StatusChip status={order.status} />
        </Box>
        <Typography>{t("my.orders.total", { total: formatRand(order.total) })}</Typography>
        {order.cancellation ? <CancellationNote cancellation={order.cancellation} /> : null}
        {order.allergensChanged && order.status !== "cancelled" ? (
          <Suspense fallback={null}>
            <AllergensChangedNote changed={order.allergensChanged} />
          </Suspense>
        ) : null}
        {order.status === "ready" ? (
          <Alert severity="success" icon={<CheckCircle />} variant="filled" role="status">
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {t("my.orders.ready")}
            </Typography>
          </Alert>
        ) : null}
        {CLOSED_STATUSES.includes(order.status) ? null : (
          <Button
            variant={order.status === "ready" ? "contained" : "outlined"}
            size="large"
            startIcon={<QrCode2Icon />}
            onClick={() => setShowQr(true)}
            sx={{ minHeight: 48, justifySelf: "start" }}
          >
            {t("my.orders.showQr")}
          </Button>
        )}
        {showQr ? (
          <Suspense fallback={null}>
            <OrderQrDialog order={order} onClose={() => setShowQr(false)} />
          </Suspense>
        ) : null}
        {order.cancellable ? (
          <Box
            sx={{
              display: "flex",
              alignItems: "center",
              justifyContent: "space-between",
              gap: 1,
              flexWrap: "wrap",
            }}
          >
            {order.allergensChanged ? (
              <Typography variant="body2" color="text.secondary">
                {t("my.orders.cancelUntilKitchen")}
              </Typography>
            ) : order.cutoffAt ? (
              <Typography variant="body2" color="text.secondary">
                {t("my.orders.cancelUntil", {
                  day: formatShortDay(todayIn(timeZone, new Date(order.cutoffAt)), language),
                  time: formatTime(order.cutoffAt, timeZone, language),
                })}
              </Typography>
            ) : null}
            <Button
              color="error"
              variant="outlined"
              size="large"
              onClick={() => onCancel(order)}
              sx={{ minHeight: 48 }}
            >
              {t("my.orders.cancel")}
            </Button>
          </Box>
        ) : tooLate ? (
          <Typography variant="body2" color="text.secondary">
            {t("my.orders.tooLate")}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Who cancelled: the canteen, the customer ("Jy", or "Die leerder" to one acting for them), or a guardian. */
const CANCELLED_BY_TEXT = {
  canteen: "my.orders.cancelledByCanteen",
  customer: "my.orders.cancelledByYou",
  guardian: "my.orders.cancelledByGuardian",
} as const satisfies Record<CancelledBy, string>;

/** Who cancelled my order, why, and what happened to my money. */
function CancellationNote({ cancellation }: { cancellation: OrderCancellation }) {
  const { t } = useTranslation();
  return (
    <Alert severity={cancellation.by === "canteen" ? "warning" : "info"}>
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {t(CANCELLED_BY_TEXT[cancellation.by], { context: whose() })}
      </Typography>
      {cancellation.reason ? (
        <Typography component="p">{t("my.orders.cancelReason", { reason: cancellation.reason })}</Typography>
      ) : null}
      <Typography component="p">
        {cancellation.refunded
          ? t("my.orders.refunded", { context: whose(), amount: formatRand(cancellation.refunded) })
          : t("my.orders.notPaid")}
      </Typography>
    </Alert>
  );
}
