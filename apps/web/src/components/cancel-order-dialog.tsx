import { formatRand } from "@kantien/domain/money";
import { cancelRefund } from "@kantien/domain/order-cancel";
import Alert from "@mui/material/Alert";
import { useTranslation } from "react-i18next";
import { ReasonDialog } from "./reason-dialog";

/** The order a canteen's cancel is about: what the dialog names and what the money rule needs. */
export type CancellingOrder = {
  /** Its number as the screen shows it. */
  label: string;
  customerName: string;
  total: string;
  paidFromWallet: boolean;
};

const SUGGESTIONS = ["soldOut", "kitchenClosed", "customerAsked", "orderedTwice"] as const;

/**
 * The canteen's cancel (the orders screen and the kitchen): what will happen to the money, by
 * the server's rule (`cancelRefund`), and the reason the customer will read (decision 0037).
 */
export function CancelOrderDialog(props: {
  order: CancellingOrder;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { order } = props;
  const refund = cancelRefund(order);
  return (
    <ReasonDialog
      title={t("screens.cancelOrder.title", { label: order.label })}
      summary={
        <Alert severity={refund ? "info" : "warning"} role="status">
          {refund
            ? t("screens.cancelOrder.refund", { amount: formatRand(refund), name: order.customerName })
            : t("screens.cancelOrder.noRefund")}
        </Alert>
      }
      text={t("screens.cancelOrder.text", { name: order.customerName })}
      reasonLabel={t("screens.cancelOrder.reason")}
      suggestions={{
        label: t("screens.cancelOrder.suggestions"),
        reasons: SUGGESTIONS.map((key) => t(`screens.cancelOrder.reasons.${key}`)),
      }}
      confirmLabel={t("screens.cancelOrder.confirm")}
      pendingLabel={t("screens.cancelOrder.pending")}
      cancelLabel={t("screens.cancelOrder.keep")}
      pending={props.pending}
      error={props.error}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
