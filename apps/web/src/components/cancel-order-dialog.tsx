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
  /**
   * Null while the screen still asks the server, or when it could not tell: the cancel's answer
   * names the money anyway.
   */
  paidFromWallet: boolean | null;
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
  /** The question whether the wallet paid failed. */
  paymentUnknown?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { order } = props;
  const { paidFromWallet } = order;
  const refund = paidFromWallet === null ? null : cancelRefund({ ...order, paidFromWallet });
  return (
    <ReasonDialog
      title={t("screens.cancelOrder.title", { label: order.label })}
      summary={
        <Alert severity={refund || paidFromWallet === null ? "info" : "warning"} role="status">
          {paidFromWallet === null
            ? t(
                props.paymentUnknown
                  ? "screens.cancelOrder.paymentUnknown"
                  : "screens.cancelOrder.checkingPayment",
              )
            : refund
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
