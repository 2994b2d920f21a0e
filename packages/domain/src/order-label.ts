/**
 * An order's number as every screen, label, mail and search shows it (after a `#`): its pickup
 * number, the order's place among its day's orders (1, 2, 3…; decision 0035). The database
 * gives it at insert. Short enough to call out across a counter; the day tells two #12s apart.
 */
export function orderLabel(order: { pickupNumber: number }): string {
  return String(order.pickupNumber);
}

/** The largest pickup number a search reads: more orders than a canteen takes in a day. */
export const MAX_PICKUP_NUMBER = 99_999;

/** What an order-number search looks for: a day's pickup number, or one whole id (a scanned QR code). */
export type OrderNumberSearch = { kind: "number"; number: number } | { kind: "id"; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NUMBER = /^#?\s*(\d{1,5})$/;

/**
 * Whether a search is an order's number: digits, with or without the `#` the screens put before
 * them ("12", "#12"), or a whole id, which is what an order's QR code holds. A number is found
 * among the orders of the days searched; an id anywhere.
 */
export function orderNumberSearch(q: string | undefined): OrderNumberSearch | null {
  const text = q?.trim().toLowerCase() ?? "";
  if (UUID.test(text)) return { kind: "id", id: text };
  const digits = NUMBER.exec(text)?.[1];
  if (digits === undefined) return null;
  const number = Number(digits);
  return number >= 1 && number <= MAX_PICKUP_NUMBER ? { kind: "number", number } : null;
}
