import { orderIdFromQr } from "@kantien/domain/kitchen-rules";
import { cardTokenFromCode } from "@kantien/domain/learner-cards";

/** What the counter's scan read: an order's QR code, a learner's card (decision 0072), or neither. */
export function scannedCodeKind(text: string): "order" | "card" | null {
  if (orderIdFromQr(text)) return "order";
  if (cardTokenFromCode(text)) return "card";
  return null;
}
