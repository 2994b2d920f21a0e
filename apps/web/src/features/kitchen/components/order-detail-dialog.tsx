import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { Language } from "@kantien/domain/language";
import { formatRand, lineTotal } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import { canChangeOrderStatus, minutesSince } from "@kantien/domain/order-status";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { DetailsTable } from "../../../components/details-table";
import { StatusChip } from "../../../components/status-chip";
import { allergenList } from "../../../lib/allergen-words";
import { allergyAlertWords } from "../../../lib/allergy-alert-words";
import { formatLongDate, formatTime } from "../../../lib/format";
import { nextKitchenStep } from "../kitchen-day";
import type { AdvanceOrder } from "./order-card";

type OrderDetailDialogProps = {
  order: KitchenOrder | null;
  now: Date;
  roleId: number;
  timeZone: string;
  language: Language;
  onClose: () => void;
  onAdvance: AdvanceOrder;
  onCancelOrder: (order: KitchenOrder) => void;
};

/** An order's details with its next kitchen step and 'Kanselleer bestelling'. */
export function OrderDetailDialog(props: OrderDetailDialogProps) {
  const { order, roleId } = props;
  const { t } = useTranslation();
  const titleId = useId();
  if (!order) return null;

  const next = nextKitchenStep(order.status, roleId);
  const canCancel = canChangeOrderStatus(roleId, order.status, "cancelled");
  const rows: [string, ReactNode][] = [
    [t("resources.order.fields.customer"), order.customerName],
    [t("resources.order.fields.item"), order.itemName],
    [t("resources.order.fields.quantity"), order.quantity],
    [t("resources.order.fields.price"), formatRand(order.price)],
    [t("resources.order.fields.total"), formatRand(lineTotal(order.price, order.quantity))],
    [t("resources.order.fields.status"), <StatusChip key="status" status={order.status} />],
    [t("resources.order.fields.createdAt"), formatTime(order.createdAt, props.timeZone, props.language)],
    [
      t("resources.order.fields.deliveryDate"),
      order.deliveryDate ? formatLongDate(order.deliveryDate, props.language) : t("common.notSpecified"),
    ],
  ];
  if (order.allergyAlert) {
    rows.unshift([
      t("screens.kitchen.allergyUnnamed"),
      <strong key="allergy">
        {allergyAlertWords(order.allergyAlert, t, (codes) => allergenList(codes, props.language))}
      </strong>,
    ]);
  }
  if (order.status === "processing") {
    rows.push([
      t("screens.kitchen.counts.processing"),
      t("screens.kitchen.minutesInPreparation", { count: minutesSince(order.statusChangedAt, props.now) }),
    ]);
  }

  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("screens.kitchen.orderTitle", { label: orderLabel(order) })}</DialogTitle>
      <DialogContent>
        <DetailsTable rows={rows} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        {/* The destructive action stands apart, on the far side from the safe ones. */}
        {canCancel ? (
          <Button
            color="error"
            variant="outlined"
            onClick={() => props.onCancelOrder(order)}
            sx={{ mr: "auto" }}
          >
            {t("screens.kitchen.actions.cancel")}
          </Button>
        ) : null}
        <Button onClick={props.onClose}>{t("common.close")}</Button>
        {next ? (
          <Button variant="contained" onClick={() => props.onAdvance(order, next)}>
            {t(`screens.kitchen.steps.${next}`)}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
