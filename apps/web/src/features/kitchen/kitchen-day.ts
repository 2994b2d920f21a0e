import type { KitchenDay, KitchenOrder } from "@kantien/domain/kitchen";
import {
  canChangeOrderStatus,
  KITCHEN_COLUMNS,
  KITCHEN_NEXT_STATUS,
  type KitchenColumn,
  kitchenColumnOf,
  type OrderStatus,
  STEP_BACK_WINDOW_MINUTES,
} from "@kantien/domain/order-status";

export type OrderChange = {
  id: string;
  status: OrderStatus;
  statusChangedAt: string;
  deliveryDate?: string | null;
};

/** The day with one order's status merged in by id. */
export function withOrderChange(day: KitchenDay, change: OrderChange): KitchenDay {
  return {
    ...day,
    orders: day.orders.map((order) => (order.id === change.id ? { ...order, ...change } : order)),
  };
}

/** The day with a new order as the board shows it, among the others by when it was placed. */
export function withNewOrder(day: KitchenDay, row: KitchenOrder): KitchenDay {
  const orders = [...day.orders.filter((order) => order.id !== row.id), row];
  orders.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { ...day, orders };
}

/** The day without one order (it moved to another day). */
export function withoutOrder(day: KitchenDay, id: string): KitchenDay {
  return { ...day, orders: day.orders.filter((order) => order.id !== id) };
}

/** Orders with an allergy alert first, so none is missed; then the oldest first. */
const boardOrder = (a: KitchenOrder, b: KitchenOrder) =>
  Number(b.allergyAlert !== null) - Number(a.allergyAlert !== null) || a.createdAt.localeCompare(b.createdAt);

/** The board's three columns: orders with an allergy alert first, then the oldest first. */
export function ordersByColumn(orders: readonly KitchenOrder[]): Record<KitchenColumn, KitchenOrder[]> {
  const columns = Object.fromEntries(
    KITCHEN_COLUMNS.map((status) => [status, [] as KitchenOrder[]]),
  ) as Record<KitchenColumn, KitchenOrder[]>;
  for (const order of orders) {
    const column = kitchenColumnOf(order.status);
    if (column) columns[column].push(order);
  }
  for (const status of KITCHEN_COLUMNS) columns[status].sort(boardOrder);
  return columns;
}

/** The statuses a kitchen step leads to: Begin → processing, Gereed → ready, Afgehaal → delivered. */
export type KitchenStep = "processing" | "ready" | "delivered";

/** The next kitchen step of an order, when this role may take it. */
export function nextKitchenStep(status: OrderStatus, roleId: number): KitchenStep | null {
  const next = KITCHEN_NEXT_STATUS[status];
  if (next === undefined || !canChangeOrderStatus(roleId, status, next)) return null;
  return next as KitchenStep;
}

/**
 * "Onlangs afgehaal": the day's orders collected within the step-back window, newest first;
 * the server decides whether each may still come back.
 */
export function recentlyCollected(orders: readonly KitchenOrder[], now: Date): KitchenOrder[] {
  const since = now.getTime() - STEP_BACK_WINDOW_MINUTES * 60_000;
  return orders
    .filter((order) => order.status === "delivered" && new Date(order.statusChangedAt).getTime() > since)
    .sort((a, b) => b.statusChangedAt.localeCompare(a.statusChangedAt));
}
