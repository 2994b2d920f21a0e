import { formatRand } from "@kantien/domain/money";
import type { TFunction } from "i18next";

/**
 * What the canteen is told once the server has cancelled an order: what happened to the
 * money, from the server's answer (decision 0037). Apart from the dialog, which the kitchen
 * loads only when it is first wanted.
 */
export function cancelledMessage(
  t: TFunction,
  { refunded, customerName }: { refunded: string | null; customerName: string },
): string {
  return refunded
    ? t("screens.cancelOrder.doneRefund", { amount: formatRand(refunded), name: customerName })
    : t("screens.cancelOrder.doneNoRefund");
}
