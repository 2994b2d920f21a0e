import { z } from "zod";
import { allergyAlertSchema } from "./allergens";
import { dataAnswer, orderStatusSchema, pageAnswer, randText } from "./api";
import {
  addDaysIso,
  daysBetween,
  type IsoDate,
  isIsoDate,
  mondayOf,
  todayIn,
  WEEKDAYS,
  type Weekday,
} from "./dates";
import { orderEvent } from "./kitchen";
import { LANGUAGES } from "./language";
import type { ErrorCode } from "./messages";
import { cancelReason } from "./order-cancel";
import { orderNumberSearch } from "./order-label";
import { type CustomerRow, customerRow } from "./people";
import { text } from "./text";

/**
 * Contract of the orders summary (/orders) and of orders taken for a customer from their
 * wallet. Both the server (modules/orders) and the screen (features/orders) import it.
 *
 * Calls (admin only, but the status change):
 * - `GET /api/orders?from&to&q&customer&status&sort&dir&limit&offset` → `{ success, data: OrderSummaryRow[], total }`
 * - `GET /api/orders/export.csv?from&to&q&customer&status&sort&dir` → `text/csv` of the same filter, every row
 * - `GET /api/orders/:id` → `{ success, data: OrderDetail }`
 * - `PATCH /api/orders/:id/status` with `{ status, reason? }`, staff and admins: the order service's rules
 *   by role (the kitchen's and the orders screen's one door; a cancel needs a reason and refunds
 *   what the wallet paid, once) → the order and what was refunded
 * - `GET /api/orders/menu-days` → `{ success, data: OrderMenuDay[] }` school days from today on that have a menu item
 * - `POST /api/orders` with `NewOrder` and an optional `Idempotency-Key` header
 *   → 201 `{ success, data: { order: OrderDetail, balance: string } }`
 */

export const ORDER_STATUS_FILTERS = [
  "all",
  "pending",
  "paid",
  "processing",
  "ready",
  "delivered",
  "cancelled",
  "failed",
] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const ORDER_SORTS = ["orderDate", "customer", "amount", "status"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export type OrdersQuery = {
  /**
   * Inclusive range on the order date (delivery date, else created date in the canteen zone).
   * Without it: this week, or all time when the filter is pinned (`ordersFilterIsPinned`).
   */
  from?: IsoDate;
  to?: IsoDate;
  /** Words matched against the customer's first/last name and the item name, or one order number. */
  q?: string;
  /** One customer's orders (their id). */
  customer?: string;
  status?: OrderStatusFilter;
  sort?: OrderSort;
  dir?: "asc" | "desc";
  /** 1–100, default 25. */
  limit?: number;
  offset?: number;
};

export const orderSummaryRow = z.object({
  id: z.string(),
  /** The order's number on its day (`orderLabel`). */
  pickupNumber: z.number().int(),
  /** Collection date, else the created date in the canteen zone: what the range and the sort use. */
  orderDate: z.string(),
  /** The day the order is delivered; null for an order taken without one. Shown under that name. */
  deliveryDate: z.string().nullable(),
  /** When the order was placed (an instant; shown as the order date). */
  createdAt: z.string(),
  customerName: z.string(),
  itemName: z.string(),
  quantity: z.number().int(),
  /** Price × quantity in rand, as a decimal string with 2 decimals. */
  amount: z.string(),
  status: orderStatusSchema,
  /** What the kitchen's board shows of the customer's allergies and the dish (decision 0041). */
  allergyAlert: allergyAlertSchema,
});
export type OrderSummaryRow = z.infer<typeof orderSummaryRow>;
/** `GET /api/orders`. */
export const ordersPageAnswer = pageAnswer(orderSummaryRow);

export const orderTimelineEntry = z.object({
  status: orderStatusSchema,
  at: z.string(),
  /** Who made the change; null for the system (e.g. the order's creation by a customer). */
  byName: z.string().nullable(),
  /** Why the canteen cancelled (decision 0037); null for every other change. */
  reason: z.string().nullable(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>;

export const orderDetail = z.object({
  id: z.string(),
  pickupNumber: z.number().int(),
  /** The order's day: the delivery date, else the day it was made. */
  orderDate: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  itemName: z.string(),
  quantity: z.number().int(),
  /** Price per item in rand, decimal string. */
  unitPrice: z.string(),
  /** unitPrice × quantity, decimal string. */
  total: z.string(),
  deliveryDate: z.string().nullable(),
  createdAt: z.string(),
  status: orderStatusSchema,
  /** The kitchen's allergy alert; moving the order to Gereed or Afgehaal asks "Allergene nagegaan?" once. */
  allergyAlert: allergyAlertSchema,
  /** Whether someone already said the allergens were checked (then no step asks again). */
  allergensConfirmed: z.boolean(),
  /** True when the order was paid from the wallet and not (yet) refunded. */
  paidFromWallet: z.boolean(),
  /** Recorded status changes, oldest first, beginning with the creation. */
  timeline: z.array(orderTimelineEntry),
});
export type OrderDetail = z.infer<typeof orderDetail>;
/** `GET /api/orders/:id`. */
export const orderDetailAnswer = dataAnswer(orderDetail);

export const orderMenuDay = z.object({
  date: z.string(),
  items: z.array(z.object({ id: z.string(), name: z.string(), price: z.string() })),
});
export type OrderMenuDay = z.infer<typeof orderMenuDay>;
/** `GET /api/orders/menu-days`. */
export const orderMenuDaysAnswer = dataAnswer(z.array(orderMenuDay));

/** What `POST /api/orders` made: the order and the customer's balance after paying. */
export const createdOrder = z.object({ order: orderDetail, balance: z.string() });
export type CreatedOrder = z.infer<typeof createdOrder>;
/** `POST /api/orders` (201). */
export const createdOrderAnswer = dataAnswer(createdOrder);

export type NewOrder = {
  customerId: string;
  foodItemId: string;
  /** The school day the item is delivered; must be the item's weekday in its menu's week, today or later. */
  deliveryDate: IsoDate;
  /** 1–20. */
  quantity: number;
  /** The customer (or the admin for them) said "I understand" to a match with their allergies. */
  allergenAcknowledged?: boolean;
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

/** Rows per page of the summary (1–100). */
export const ORDERS_PAGE_DEFAULT = 25;
export const ORDERS_PAGE_MAX = 100;
/** Items per order: one customer's portions of one dish (the new-order dialog). */
export const ORDER_QUANTITY_MAX = 20;

const isoDate = z.string().refine(isIsoDate, "invalid_field");

const ordersFilterShape = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  q: text().trim().max(100).optional(),
  customer: z.uuid("invalid_field").optional(),
  status: z.enum(ORDER_STATUS_FILTERS).optional(),
  sort: z.enum(ORDER_SORTS).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
});
/** A year and a day: longer ranges would sort and count more orders than anyone reads. */
export const ORDERS_RANGE_MAX_DAYS = 366;

/**
 * Whether the filter names one customer or one order by its whole id (decisions 0015, 0035).
 * Such a filter matches few orders however old, so it needs no date range: without one it
 * spans all time, and its range may be any length. Any other filter without a range is this
 * week; a pickup number is one order per day, so it is searched within the range.
 */
export function ordersFilterIsPinned(filter: { q?: string; customer?: string }): boolean {
  return Boolean(filter.customer) || orderNumberSearch(filter.q)?.kind === "id";
}

/** What is wrong with a summary's date range, if anything; the filter bar shows the same. */
export function ordersRangeProblem(
  from: IsoDate,
  to: IsoDate,
  filter: { q?: string; customer?: string } = {},
): "order_range_invalid" | "order_range_too_long" | null {
  if (from > to) return "order_range_invalid";
  if (!ordersFilterIsPinned(filter) && daysBetween(from, to) >= ORDERS_RANGE_MAX_DAYS) {
    return "order_range_too_long";
  }
  return null;
}

const checkRange = (
  f: { from?: string; to?: string; q?: string; customer?: string },
  ctx: z.RefinementCtx,
) => {
  if (!f.from || !f.to || !isIsoDate(f.from) || !isIsoDate(f.to)) return;
  const problem = ordersRangeProblem(f.from, f.to, f);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["to"] });
};

/**
 * The summary's filter as query parameters; without from/to the server takes this week, or
 * all time for a pinned filter (one customer or one order number).
 */
export const ordersFilterInput = ordersFilterShape.superRefine(checkRange);
/** The filter with paging: `GET /api/orders`. The export takes the filter alone. */
export const ordersQueryInput = ordersFilterShape
  .extend({
    limit: z.coerce.number().int().min(1).max(ORDERS_PAGE_MAX).optional(),
    offset: z.coerce.number().int().min(0).max(100_000).optional(),
  })
  .superRefine(checkRange);
export type OrdersFilterInput = z.infer<typeof ordersFilterInput>;

/** The default range: this week, Monday to Sunday, in the canteen's zone. */
export function defaultOrdersRange(today: IsoDate): { from: IsoDate; to: IsoDate } {
  const from = mondayOf(today);
  return { from, to: addDaysIso(from, 6) };
}

/** The new-order form and `POST /api/orders` check the same shape. */
export const newOrderInput = z.object({
  customerId: z.uuid("order_customer_invalid"),
  foodItemId: z.uuid("order_item_unavailable"),
  deliveryDate: isoDate,
  quantity: z
    .number("order_quantity_invalid")
    .int("order_quantity_invalid")
    .min(1, "order_quantity_invalid")
    .max(ORDER_QUANTITY_MAX, "order_quantity_invalid"),
  allergenAcknowledged: z.boolean("invalid_field").optional(),
}) satisfies z.ZodType<NewOrder>;

/** The new-order dialog's fields: the chosen customer (or none), day and item, the quantity as typed. */
export type NewOrderFormValues = {
  customer: CustomerRow | null;
  deliveryDate: string;
  foodItemId: string;
  quantity: string;
};

const NEW_ORDER_CHOICES = ["customer", "deliveryDate", "foodItemId"] as const;

/**
 * The new-order dialog's schema: a customer, a day and an item must be chosen (one message,
 * on each field left open), then `newOrderInput` as the server checks it.
 */
export const newOrderForm = z
  .object({
    customer: customerRow.nullable(),
    deliveryDate: z.string(),
    foodItemId: z.string(),
    quantity: z.string(),
  })
  .superRefine((values, context) => {
    for (const field of NEW_ORDER_CHOICES) {
      if (!values[field])
        context.addIssue({ code: "custom", message: "order_choice_missing", path: [field] });
    }
  })
  .transform(({ customer, deliveryDate, foodItemId, quantity }) => ({
    customerId: customer?.id ?? "",
    foodItemId,
    deliveryDate,
    quantity: quantity.trim() === "" ? Number.NaN : Number(quantity),
  }))
  .pipe(newOrderInput) satisfies z.ZodType<NewOrder, NewOrderFormValues>;

/**
 * The day an item is delivered: its weekday in its menu's week (the menu starts on a
 * Monday), today or later in the canteen's zone. Null when the order may be placed.
 */
export function checkDeliveryDate(
  item: { dayOfWeek: Weekday; menuDateFrom: IsoDate },
  deliveryDate: IsoDate,
  today: IsoDate,
): ErrorCode | null {
  if (itemDate(item) !== deliveryDate) return "order_delivery_mismatch";
  if (deliveryDate < today) return "order_delivery_past";
  return null;
}

/** The date an item is served: its menu's Monday plus its weekday. */
export function itemDate(item: { dayOfWeek: Weekday; menuDateFrom: IsoDate }): IsoDate {
  return addDaysIso(item.menuDateFrom, WEEKDAYS.indexOf(item.dayOfWeek));
}

/**
 * The export's filter: the summary's, and the language of the file's headings, statuses and
 * amounts (the screen sends its own; without it, the caller's language).
 */
export const ordersExportInput = ordersFilterShape
  .extend({ lang: z.enum(LANGUAGES).optional() })
  .superRefine(checkRange);

/** `GET /api/orders/export.csv`: every row of the filter as CSV (UTF-8 with a BOM). */
export const ordersCsvAnswer = {
  description: "The orders of the filter as CSV, one line per order",
  // Streamed, not serialized: the schema describes the text for the document only.
  content: { "text/csv": { schema: z.unknown().meta({ type: "string" }) } },
};

/**
 * `PATCH /api/orders/:id/status` (the kitchen and the admin): the status to move the order to.
 * The order service's rules decide who may make which change (`canChangeOrderStatus`).
 */
export const orderStatusChangeInput = z
  .strictObject({
    status: orderStatusSchema,
    /** Why the canteen cancels: required with `cancelled`, refused with any other status. */
    reason: cancelReason.optional(),
    /** "Allergene nagegaan?" answered yes: needed to move an order with an allergy alert to Gereed. */
    allergensConfirmed: z.boolean("invalid_field").optional(),
  })
  .superRefine((change, context) => {
    if ((change.status === "cancelled") !== (change.reason !== undefined)) {
      context.addIssue({ code: "custom", message: "cancel_reason_invalid", path: ["reason"] });
    }
  });
export type OrderStatusChangeInput = z.infer<typeof orderStatusChangeInput>;
/**
 * Its answer: the changed order, as the live events carry it, and what a cancel gave back to
 * the customer's wallet (null when no money moved, and for every other change).
 */
export const orderStatusChangedAnswer = dataAnswer(
  orderEvent.shape.order.extend({ refunded: randText.nullable() }),
);
