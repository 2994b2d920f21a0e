import { z } from "zod";
import { dataAnswer, orderStatusSchema } from "./api";
import { kitchenColumnOf } from "./order-status";

/** One row of the kitchen board: what the screen shows, names joined (DESIGN §5 read models). */
export const kitchenOrder = z.object({
  id: z.string(),
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
});
export type KitchenOrder = z.infer<typeof kitchenOrder>;

/** Answer of `GET /api/kitchen/orders?date=YYYY-MM-DD` (date defaults to today in the canteen). */
export const kitchenDay = z.object({ date: z.string(), orders: z.array(kitchenOrder) });
export type KitchenDay = z.infer<typeof kitchenDay>;
export const kitchenDayAnswer = dataAnswer(kitchenDay);

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
});
export type OrderEvent = z.infer<typeof orderEvent>;

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

/** `GET /api/events` and `GET /api/my/events`: a Server-Sent Events stream of `order` events (`OrderEvent` as JSON). */
export const orderEventsAnswer = {
  description: "Server-Sent Events: `event: order` with an OrderEvent as JSON, and `: ping` heartbeats",
  content: { "text/event-stream": { schema: z.unknown().meta({ type: "string" }) } },
};
