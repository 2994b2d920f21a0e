import type { OrderStatus } from "./order-status";

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
