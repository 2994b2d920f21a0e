import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { Language } from "@kantien/domain/language";
import { lineTotal } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import { Suspense } from "react";
import { lazyComponent } from "../../../lib/lazy-component";
import { useOpenedOnce } from "../../../lib/use-opened-once";
import { useOrderPayment } from "../api/get-order-payment";
import type { BoardActions } from "../hooks/use-board-actions";

// The dialogs are code the board's first paint does not need: each loads when it is first
// wanted (the board's first-load budget, `npm run bench`).
const OrderDetailDialog = lazyComponent(
  () => import("./order-detail-dialog"),
  (m) => m.OrderDetailDialog,
);
const AllergenCheckDialog = lazyComponent(
  () => import("../../../components/allergen-check-dialog"),
  (m) => m.AllergenCheckDialog<KitchenOrder>,
);
const RecentCollectedDialog = lazyComponent(
  () => import("./recent-collected-dialog"),
  (m) => m.RecentCollectedDialog,
);
const CancelOrderDialog = lazyComponent(
  () => import("../../../components/cancel-order-dialog"),
  (m) => m.CancelOrderDialog,
);

/**
 * The one dialog the board shows, for which order. An order's detail follows the order as the
 * board reads it again; the cancel is asked over the detail, which it returns to when kept.
 */
export type BoardDialog =
  | { kind: "detail"; orderId: string }
  | { kind: "cancel"; order: KitchenOrder }
  | { kind: "allergenCheck"; order: KitchenOrder }
  | { kind: "recent" };

type BoardDialogsProps = {
  dialog: BoardDialog | null;
  onDialogChange: (dialog: BoardDialog | null) => void;
  orders: readonly KitchenOrder[] | undefined;
  /** The orders collected lately, which "Onlangs afgehaal" lists. */
  recent: readonly KitchenOrder[];
  actions: BoardActions;
  now: Date;
  roleId: number;
  timeZone: string;
  language: Language;
};

/** The board's dialogs: an order's detail, its cancel, "Allergene nagegaan?", "Onlangs afgehaal". */
export function BoardDialogs({
  dialog,
  onDialogChange,
  orders,
  recent,
  actions,
  now,
  roleId,
  timeZone,
  language,
}: BoardDialogsProps) {
  const detailId =
    dialog?.kind === "detail" ? dialog.orderId : dialog?.kind === "cancel" ? dialog.order.id : null;
  const detail = orders?.find((order) => order.id === detailId) ?? null;
  const cancelling = dialog?.kind === "cancel" ? dialog.order : null;
  const checking = dialog?.kind === "allergenCheck" ? dialog.order : null;
  const showRecent = dialog?.kind === "recent";
  const detailWanted = useOpenedOnce(detail !== null);
  const recentWanted = useOpenedOnce(showRecent);
  const cancelWanted = useOpenedOnce(cancelling !== null);
  const checkWanted = useOpenedOnce(checking !== null);
  const payment = useOrderPayment(cancelling?.id ?? null);
  const close = () => onDialogChange(null);

  return (
    <>
      {detailWanted ? (
        <Suspense fallback={null}>
          <OrderDetailDialog
            order={detail}
            now={now}
            roleId={roleId}
            timeZone={timeZone}
            language={language}
            onAdvance={actions.advance}
            onClose={close}
            onCancelOrder={(order) => onDialogChange({ kind: "cancel", order })}
          />
        </Suspense>
      ) : null}
      {checkWanted ? (
        <Suspense fallback={null}>
          <AllergenCheckDialog
            order={checking}
            language={language}
            onConfirm={actions.readyChecked}
            onClose={close}
          />
        </Suspense>
      ) : null}
      {recentWanted ? (
        <Suspense fallback={null}>
          <RecentCollectedDialog
            open={showRecent}
            orders={recent}
            timeZone={timeZone}
            language={language}
            onRecall={actions.recall}
            onClose={close}
          />
        </Suspense>
      ) : null}
      {cancelWanted ? (
        <Suspense fallback={null}>
          {cancelling ? (
            <CancelOrderDialog
              order={{
                label: orderLabel(cancelling),
                customerName: cancelling.customerName,
                total: lineTotal(cancelling.price, cancelling.quantity).toFixed(2),
                paidFromWallet: payment.data?.paidFromWallet ?? null,
              }}
              pending={false}
              error={null}
              paymentUnknown={payment.isError}
              onConfirm={(reason) => actions.cancel(cancelling, reason)}
              onClose={() => onDialogChange({ kind: "detail", orderId: cancelling.id })}
            />
          ) : null}
        </Suspense>
      ) : null}
    </>
  );
}
