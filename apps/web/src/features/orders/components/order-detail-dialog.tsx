import type { Language } from "@kantien/domain/language";
import { formatRand } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import { adminStatusChoices, ORDER_STATUSES, type OrderStatus } from "@kantien/domain/order-status";
import type { OrderDetail } from "@kantien/domain/orders-summary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AllergenCheckDialog } from "../../../components/allergen-check-dialog";
import { CancelOrderDialog } from "../../../components/cancel-order-dialog";
import { DetailsTable } from "../../../components/details-table";
import { LoadError } from "../../../components/load-error";
import { allergenList } from "../../../lib/allergen-words";
import { allergyAlertWords } from "../../../lib/allergy-alert-words";
import { errorMessage } from "../../../lib/api-client";
import { cancelledMessage } from "../../../lib/cancelled-message";
import { formatDate, formatDateTime } from "../../../lib/format";
import { useOrder } from "../api/get-order";
import { useUpdateOrderStatus } from "../api/update-order-status";
import { OrderTimeline } from "./order-timeline";

type OrderDetailDialogProps = {
  orderId: string;
  timeZone: string;
  language: Language;
  onClose: () => void;
  /** A status was saved: the screen says so. */
  onSaved: (message: string) => void;
};

/** An order's detail dialog with a status dropdown that saves through the server's rules, and the real timeline. */
export function OrderDetailDialog({ orderId, timeZone, language, onClose, onSaved }: OrderDetailDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const order = useOrder(orderId);
  // The number comes with the order; the id in the address is all there is before it loads.
  const label = order.data ? orderLabel(order.data) : "…";

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("screens.orders.detail.title", { label })}</DialogTitle>
      <DialogContent>
        {order.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
            <CircularProgress aria-label={t("app.loadingPage")} />
          </Box>
        ) : order.isError ? (
          <LoadError error={order.error} onRetry={() => void order.refetch()} />
        ) : (
          <OrderDetailBody order={order.data} timeZone={timeZone} language={language} onSaved={onSaved} />
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Whether moving the order to `status` asks "Allergene nagegaan?" first, as the server will. */
function asksAllergenCheck(order: OrderDetail, status: OrderStatus): boolean {
  return (
    (status === "ready" || status === "delivered") && order.allergyAlert !== null && !order.allergensConfirmed
  );
}

function OrderDetailBody(props: {
  order: OrderDetail;
  timeZone: string;
  language: Language;
  /** The screen's confirmation: the new status, or for a cancel what happened to the money. */
  onSaved: (message: string) => void;
}) {
  const { order, timeZone, language } = props;
  const { t } = useTranslation();
  const update = useUpdateOrderStatus();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  /** The step waiting for "Allergene nagegaan?"; null when none is asked. */
  const [checking, setChecking] = useState<OrderStatus | null>(null);
  const label = orderLabel(order);

  const save = (status: OrderStatus, allergensConfirmed?: boolean) =>
    update.mutate(
      { id: order.id, status, ...(allergensConfirmed ? { allergensConfirmed } : {}) },
      {
        onSuccess: () =>
          props.onSaved(
            t("screens.orders.detail.saved", { status: t(`resources.order.statuses.${status}`) }),
          ),
      },
    );
  const cancel = (reason: string) =>
    update.mutate(
      { id: order.id, status: "cancelled", reason },
      {
        onSuccess: (answer) => {
          setConfirmingCancel(false);
          props.onSaved(
            cancelledMessage(t, { refunded: answer.data.refunded, customerName: order.customerName }),
          );
        },
      },
    );
  const choose = (status: OrderStatus) => {
    if (status === order.status) return;
    update.reset();
    if (status === "cancelled") setConfirmingCancel(true);
    // As on the board: an alerted order is Gereed or handed over only after "Allergene nagegaan?".
    else if (asksAllergenCheck(order, status)) setChecking(status);
    else save(status);
  };

  // The server's rules (decision 0008): where the order may go from here. The current
  // status always shows, chosen or not (paid, ready and cancelled are not the admin's to pick).
  const choices = adminStatusChoices(order.status);
  const options: readonly OrderStatus[] = [order.status, ...choices.filter((s) => s !== order.status)];
  const ordered = ORDER_STATUSES.filter((status) => options.includes(status));

  const statusSelect = (
    <TextField
      select
      size="small"
      label={t("screens.orders.detail.changeStatus")}
      value={order.status}
      onChange={(event) => choose(event.target.value as OrderStatus)}
      disabled={update.isPending || choices.length === 0}
      sx={{ minWidth: "14rem", my: 0.5 }}
    >
      {ordered.map((status) => (
        <MenuItem key={status} value={status} disabled={status !== order.status && !choices.includes(status)}>
          {t(`resources.order.statuses.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  const alert = order.allergyAlert;
  const rows: [string, ReactNode][] = [
    ...(alert
      ? ([
          [
            t("screens.kitchen.allergyUnnamed"),
            <Typography key="allergy" component="strong" color="error" sx={{ fontWeight: 700 }}>
              {allergyAlertWords(alert, t, (codes) => allergenList(codes, language))}
            </Typography>,
          ],
        ] as [string, ReactNode][])
      : []),
    [t("screens.orders.detail.id"), <code key="id">{order.id}</code>],
    [t("resources.order.fields.status"), statusSelect],
    [t("resources.order.fields.customer"), order.customerName],
    [t("resources.order.fields.item"), order.itemName],
    [t("resources.order.fields.quantity"), order.quantity],
    [t("resources.order.fields.price"), formatRand(order.unitPrice)],
    [t("resources.order.fields.total"), formatRand(order.total)],
    [
      t("resources.order.fields.deliveryDate"),
      order.deliveryDate ? formatDate(order.deliveryDate, language) : t("common.notSpecified"),
    ],
    [t("resources.order.fields.createdAt"), formatDateTime(order.createdAt, timeZone, language)],
  ];
  if (order.paidFromWallet)
    rows.push([t("screens.orders.detail.payment"), t("screens.orders.detail.paidFromWallet")]);

  return (
    <>
      {update.isError && !confirmingCancel ? (
        <Alert severity="error" onClose={() => update.reset()} sx={{ mb: 2 }}>
          {errorMessage(update.error, t("errors.update"))}
        </Alert>
      ) : null}
      <DetailsTable rows={rows} />
      <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t("screens.orders.detail.timeline")}
      </Typography>
      <OrderTimeline order={order} timeZone={timeZone} language={language} />
      <AllergenCheckDialog
        order={checking === null ? null : order}
        language={language}
        onConfirm={() => {
          if (checking !== null) save(checking, true);
          setChecking(null);
        }}
        onClose={() => setChecking(null)}
      />
      {confirmingCancel ? (
        <CancelOrderDialog
          order={{
            label,
            customerName: order.customerName,
            total: order.total,
            paidFromWallet: order.paidFromWallet,
          }}
          pending={update.isPending}
          error={update.isError ? errorMessage(update.error, t("errors.update")) : null}
          onConfirm={cancel}
          onClose={() => {
            update.reset();
            setConfirmingCancel(false);
          }}
        />
      ) : null}
    </>
  );
}
