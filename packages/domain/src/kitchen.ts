import { kitchenColumnOf, type OrderStatus } from "./order-status";

/** One row of the kitchen board: what the screen shows, names joined (DESIGN §5 read models). */
export type KitchenOrder = {
  id: string;
  status: OrderStatus;
  quantity: number;
  /** Price per item in rand, as a decimal string. */
  price: string;
  createdAt: string;
  /** When the order entered its current status; minutes in preparation count from here. */
  statusChangedAt: string;
  deliveryDate: string | null;
  customerName: string;
  itemName: string;
  preparationTime: number;
};

/** Answer of `GET /api/kitchen/orders?date=YYYY-MM-DD` (date defaults to today in the canteen). */
export type KitchenDay = {
  date: string;
  orders: KitchenOrder[];
};

/** An order change as `GET /api/events` sends it (SSE event name `order`). */
export type OrderEvent = {
  type: "order.changed";
  order: { id: string; status: OrderStatus; statusChangedAt: string; deliveryDate: string | null };
};

export type KitchenCounts = { total: number; pending: number; processing: number; ready: number };

/**
 * The board's summary counts. The day's answer holds every order of the day in every
 * status; `total` leaves out cancelled and failed orders (no food is made for them),
 * delivered ones still count as the day's work.
 */
export function kitchenCounts(orders: readonly Pick<KitchenOrder, "status">[]): KitchenCounts {
  const counts: KitchenCounts = { total: 0, pending: 0, processing: 0, ready: 0 };
  for (const { status } of orders) {
    if (status === "cancelled" || status === "failed") continue;
    counts.total += 1;
    const column = kitchenColumnOf(status);
    if (column) counts[column] += 1;
  }
  return counts;
}
