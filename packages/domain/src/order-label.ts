/**
 * Where an order's short label is shown. Spec §3: the last 6 characters of the id on the
 * weekly view (and the kitchen, which shows the same orders), the last 4 on the orders and
 * staff screens.
 */
export type OrderLabelView = "weekly" | "kitchen" | "orders" | "staff";

const LABEL_LENGTH: Record<OrderLabelView, number> = { weekly: 6, kitchen: 6, orders: 4, staff: 4 };

/** An order's short label: the end of its id, upper case. */
export function orderLabel(id: string, view: OrderLabelView): string {
  return id.slice(-LABEL_LENGTH[view]).toUpperCase();
}
