/**
 * Where an order's short label is shown: the last 6 characters of the id on the
 * weekly view (and the kitchen, which shows the same orders), the last 4 on the orders and
 * staff screens.
 */
export type OrderLabelView = "weekly" | "kitchen" | "orders" | "staff";

const LABEL_LENGTH: Record<OrderLabelView, number> = { weekly: 6, kitchen: 6, orders: 4, staff: 4 };

/** An order's short label: the end of its id, upper case. */
export function orderLabel(id: string, view: OrderLabelView): string {
  return id.slice(-LABEL_LENGTH[view]).toUpperCase();
}

/** What an order-number search looks for: the end of the id (4 or 6 characters) or the whole id. */
export type OrderNumberSearch = { kind: "suffix"; suffix: string } | { kind: "id"; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LABEL = /^(?:[0-9a-f]{4}|[0-9a-f]{6})$/;

/**
 * Whether a search is an order's number as some screen prints it (decision 0015): the 6
 * characters of the kitchen and weekly view, the 4 of the orders and staff screens (either
 * with or without the `#` the screens put before it), or a whole id. Without a `#`, a label
 * must hold a digit, so a name such as "Bead" or "cafe" is still searched as a name; a
 * label of letters only is found as "#BEAD". The suffix is lower case, as ids are stored.
 */
export function orderNumberSearch(q: string | undefined): OrderNumberSearch | null {
  const text = q?.trim().toLowerCase() ?? "";
  if (UUID.test(text)) return { kind: "id", id: text };
  const hashed = text.startsWith("#");
  const label = hashed ? text.slice(1) : text;
  if (!LABEL.test(label)) return null;
  if (!hashed && !/[0-9]/.test(label)) return null;
  return { kind: "suffix", suffix: label };
}
