import { z } from "zod";
import { randText } from "./api";
import { text } from "./text";

/*
 * What a cancel does and says (decision 0037): the canteen says why, the money the wallet
 * paid goes back once, and the customer is told who cancelled, why, and what came back.
 */

/** A reason the canteen gives: 3 to 200 characters, as for a reversal. */
export const CANCEL_REASON_MIN = 3;
export const CANCEL_REASON_MAX = 200;
export const cancelReason = text()
  .trim()
  .min(CANCEL_REASON_MIN, "cancel_reason_invalid")
  .max(CANCEL_REASON_MAX, "cancel_reason_invalid");

/**
 * What cancelling the order would give back: what its wallet paid and was not refunded yet
 * (the order's total), or null when no money moves (an order that was never charged, or
 * already refunded). The server refunds exactly this (modules/orders/service.ts); screens
 * say it before the cancel.
 */
export function cancelRefund(order: { paidFromWallet: boolean; total: string }): string | null {
  return order.paidFromWallet ? order.total : null;
}

/**
 * Who cancelled an order: the canteen (a cook or an admin), the customer themselves, or one who
 * acts for the learner (a guardian, or academy staff linked to them).
 */
export const CANCELLED_BY = ["canteen", "customer", "guardian"] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** How an order came to be cancelled, as its customer sees it. */
export const orderCancellation = z.object({
  by: z.enum(CANCELLED_BY),
  /** The canteen's reason; null for a customer's own cancel. */
  reason: z.string().nullable(),
  /** What came back into the wallet (rand, 2 decimals); null when no money moved. */
  refunded: randText.nullable(),
});
export type OrderCancellation = z.infer<typeof orderCancellation>;
