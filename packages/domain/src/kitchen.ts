import { z } from "zod";
import { allergenDeclarationSchema, allergyAlertSchema } from "./allergens";
import { dataAnswer, orderStatusSchema } from "./api";

/** One row of the kitchen board: what the screen shows, names joined, in one round trip. */
export const kitchenOrder = z.object({
  id: z.string(),
  /** The order's number on its day (`orderLabel`). */
  pickupNumber: z.number().int(),
  status: orderStatusSchema,
  quantity: z.number().int(),
  /** Price per item in rand, as a decimal string. */
  price: z.string(),
  createdAt: z.string(),
  /** When the order entered its current status; minutes in preparation count from here. */
  statusChangedAt: z.string(),
  deliveryDate: z.string().nullable(),
  customerName: z.string(),
  itemName: z.string(),
  preparationTime: z.number().int(),
  /** What the dish declares, for its label (every dish's, alert or not). */
  itemAllergens: allergenDeclarationSchema,
  /** The allergens the dish and its customer share, never the customer's whole profile; null when none. */
  allergyAlert: allergyAlertSchema,
});
export type KitchenOrder = z.infer<typeof kitchenOrder>;

/** Answer of `GET /api/kitchen/orders?date=YYYY-MM-DD` (date defaults to today in the canteen). */
/** A dish of the day with a cap on its portions (decision 0069): how many are made, and left. */
export const kitchenDishCap = z.object({
  /** Left out by answers from before an admin could correct a count on the board. */
  foodItemId: z.string().optional(),
  itemName: z.string(),
  portions: z.number().int(),
  left: z.number().int(),
});
export type KitchenDishCap = z.infer<typeof kitchenDishCap>;

/** A dish of the day sold at the counter (decision 0071): how many, voided sales left out. */
export const kitchenCounterSold = z.object({ itemName: z.string(), sold: z.number().int() });
export type KitchenCounterSold = z.infer<typeof kitchenCounterSold>;

export const kitchenDay = z.object({
  date: z.string(),
  /**
   * The last order event (its number) the day reflects, read before the orders: a board follows
   * the stream from it, so nothing between the read and the stream is missed. Left out by answers
   * from before it.
   */
  eventId: z.string().optional(),
  orders: z.array(kitchenOrder),
  /** The day's dishes whose portions are capped; left out by answers from before caps. */
  caps: z.array(kitchenDishCap).optional(),
  /** The day's dishes sold at the counter; left out by answers from before the counter sold. */
  atCounter: z.array(kitchenCounterSold).optional(),
});
export type KitchenDay = z.infer<typeof kitchenDay>;
export const kitchenDayAnswer = dataAnswer(kitchenDay);

/**
 * Answer of `GET /api/kitchen/orders/:id/payment`: whether the customer's wallet paid the order
 * and it is not refunded, so a cancel gives the total back (`cancelRefund`). Asked when a cook
 * opens the cancel, not read for every order of the day.
 */
export const kitchenPayment = z.object({ paidFromWallet: z.boolean() });
export const kitchenPaymentAnswer = dataAnswer(kitchenPayment);

/**
 * An order change as `GET /api/events` (every order, for staff) and `GET /api/my/events`
 * (the caller's own orders) send it: SSE event name `order`, this as JSON.
 */
export const orderEvent = z.object({
  type: z.literal("order.changed"),
  order: z.object({
    id: z.string(),
    status: orderStatusSchema,
    statusChangedAt: z.string(),
    deliveryDate: z.string().nullable(),
  }),
  /** The order's dish changed (its allergens), not its status: read the order again (decision 0041). */
  dishChanged: z.literal(true).optional(),
  /**
   * The order as the board shows it, on the staff's stream only, when it went out live: a board
   * adds a new order without reading the day again. A replayed event has none.
   */
  row: kitchenOrder.optional(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

/**
 * What is left of a capped dish after an order took or gave back portions (decision 0069): SSE
 * event `portions` on `GET /api/my/events`, to every customer, without the order or whose it is.
 */
export const portionsLeftEvent = z.object({ foodItemId: z.string(), left: z.number().int() });
export type PortionsLeftEvent = z.infer<typeof portionsLeftEvent>;

/**
 * An event's sequence number as a client hands it back to resume a stream: the SSE id of the
 * last event it had (digits only, as the stream sends it).
 */
export const orderEventId = z.string().regex(/^(0|[1-9][0-9]{0,14})$/);

/**
 * Where `GET /api/events` and `GET /api/my/events` resume: the header `Last-Event-ID` (what
 * `EventSource` sends on its own reconnects) wins over `?lastEventId=` (what a new
 * `EventSource`, which cannot set headers, passes).
 */
export const orderEventsQuery = z.strictObject({ lastEventId: orderEventId.optional() });
export const orderEventsHeaders = z.object({ "last-event-id": orderEventId.optional() });

/**
 * The streams' event names: `order` (an `OrderEvent`, its id the sequence number), `ready` (the
 * stream has caught up: sent after the missed events, or first on a new connection, its id the
 * newest number) and `reload` (what the client missed is no longer kept: it refetches, then
 * goes on from the id this event carries).
 */
export const ORDER_STREAM_EVENTS = ["order", "ready", "reload"] as const;

/** `GET /api/events` and `GET /api/my/events`: a Server-Sent Events stream of `order` events (`OrderEvent` as JSON). */
export const orderEventsAnswer = {
  description:
    "Server-Sent Events: `event: order` with an OrderEvent as JSON and its sequence number as the SSE id; " +
    "`event: ready` once caught up (after the events missed since `Last-Event-ID`); `event: reload` when " +
    "those are no longer kept; and `: ping` heartbeats",
  content: { "text/event-stream": { schema: z.unknown().meta({ type: "string" }) } },
};

/**
 * Who handed an order over and when: the status history's last move to delivered (`by` is the
 * staff member's name, null when their account is gone or no history says).
 */
export const counterCollected = z.object({ at: z.string(), by: z.string().nullable() });
export type CounterCollected = z.infer<typeof counterCollected>;

/**
 * One order as the counter shows it: the board's row, the day it is for, whose (to top their
 * wallet up), and for a delivered order who handed it over and when (a second scan says so).
 */
export const counterOrder = kitchenOrder.extend({
  orderDate: z.string(),
  customerId: z.string(),
  collected: counterCollected.nullable(),
});
export type CounterOrder = z.infer<typeof counterOrder>;

/**
 * `GET /api/kitchen/counter?q=`: the orders a scan or a search finds. A scanned code finds
 * its one order whatever its day; a name or an order number finds today's orders.
 */
export const counterAnswer = dataAnswer(z.object({ orders: z.array(counterOrder) }));
