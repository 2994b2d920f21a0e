import { type IsoDate, todayIn } from "./dates";
import type { OrderStatus } from "./order-status";

/**
 * Contract of the orders summary (/orders) and of orders taken for a customer from their
 * wallet. Both the server (modules/orders) and the screen (features/orders) import it.
 *
 * Calls (all admin only, DESIGN §6):
 * - `GET /api/orders?from&to&q&status&sort&dir&limit&offset` → `{ success, data: OrderSummaryRow[], total }`
 * - `GET /api/orders/export.csv?from&to&q&status&sort&dir` → `text/csv` of the same filter, every row
 * - `GET /api/orders/:id` → `{ success, data: OrderDetail }`
 * - status changes: `PUT /api/admin/data/order/:id` with `{ status }` (the order service;
 *   cancelling a paid order refunds it once)
 * - `GET /api/orders/menu-days` → `{ success, data: OrderMenuDay[] }` school days from today on that have a menu item
 * - `POST /api/orders` with `NewOrder` and an optional `Idempotency-Key` header
 *   → 201 `{ success, data: { order: OrderDetail, balance: string } }`
 */

export const ORDER_STATUS_FILTERS = [
  "all",
  "pending",
  "paid",
  "processing",
  "delivered",
  "cancelled",
  "failed",
] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const ORDER_SORTS = ["orderDate", "customer", "amount", "status"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export type OrdersQuery = {
  /** Inclusive range on the order date (delivery date, else created date in the canteen zone). */
  from: IsoDate;
  to: IsoDate;
  /** Words matched against the customer's first/last name and the item name. */
  q?: string;
  status?: OrderStatusFilter;
  sort?: OrderSort;
  dir?: "asc" | "desc";
  /** 1–100, default 25. */
  limit?: number;
  offset?: number;
};

export type OrderSummaryRow = {
  id: string;
  /** Delivery date, else the created date in the canteen zone. */
  orderDate: IsoDate;
  customerName: string;
  itemName: string;
  quantity: number;
  /** Price × quantity in rand, as a decimal string with 2 decimals. */
  amount: string;
  status: OrderStatus;
};

export type OrderTimelineEntry = {
  status: OrderStatus;
  at: string;
  /** Who made the change; null for the system (e.g. the order's creation by a customer). */
  byName: string | null;
};

export type OrderDetail = {
  id: string;
  customerId: string;
  customerName: string;
  itemName: string;
  quantity: number;
  /** Price per item in rand, decimal string. */
  unitPrice: string;
  /** unitPrice × quantity, decimal string. */
  total: string;
  deliveryDate: IsoDate | null;
  createdAt: string;
  status: OrderStatus;
  /** True when the order was paid from the wallet and not (yet) refunded. */
  paidFromWallet: boolean;
  /** Recorded status changes, oldest first, beginning with the creation. */
  timeline: OrderTimelineEntry[];
};

export type OrderMenuDay = {
  date: IsoDate;
  items: { id: string; name: string; price: string }[];
};

export type NewOrder = {
  customerId: string;
  foodItemId: string;
  /** The school day the item is delivered; must be the item's weekday in its menu's week, today or later. */
  deliveryDate: IsoDate;
  /** 1–20. */
  quantity: number;
};

/**
 * An order's date on the summary: its delivery date, else the date it was created in the
 * canteen's zone. Stored with the order when it is inserted (decision 0007).
 */
export function orderDateOf(
  deliveryDate: IsoDate | null | undefined,
  createdAt: Date,
  timeZone: string,
): IsoDate {
  return deliveryDate ?? todayIn(timeZone, createdAt);
}
