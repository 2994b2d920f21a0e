import { z } from "zod";
import { dataAnswer, orderStatusSchema } from "./api";
import { kitchenColumnOf } from "./order-status";

/** One row of the kitchen board: what the screen shows, names joined, in one round trip. */
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

/**
 * How long a waiting order has waited, in stages: fresh, then "warn" from
 * `warnMinutes`, then "late" from `lateMinutes`. Admins set both in the canteen's rules.
 */
export type AgeingThresholds = { kitchenWarnMinutes: number; kitchenLateMinutes: number };
export const AGEING_DEFAULTS: AgeingThresholds = { kitchenWarnMinutes: 10, kitchenLateMinutes: 20 };
export const AGEING_STAGES = ["fresh", "warn", "late"] as const;
export type AgeingStage = (typeof AGEING_STAGES)[number];

export function ageingStage(minutesWaiting: number, thresholds: AgeingThresholds): AgeingStage {
  if (minutesWaiting >= thresholds.kitchenLateMinutes) return "late";
  if (minutesWaiting >= thresholds.kitchenWarnMinutes) return "warn";
  return "fresh";
}

/**
 * Minutes a waiting order has waited on the board of the day that starts at `dayStart`: since
 * it entered its status (placed, paid, or stepped back), but a pre-order waits only from the
 * start of its day, not from the day it was placed.
 */
export function minutesWaiting(statusChangedAt: string, dayStart: Date, now: Date): number {
  const since = Math.max(new Date(statusChangedAt).getTime(), dayStart.getTime());
  return Math.max(0, Math.floor((now.getTime() - since) / 60_000));
}

/** One dish's portions of the day, per kitchen stage (the board's strip and the prep sheet). */
export type DishPortions = {
  itemName: string;
  /** Not begun yet: pending or paid. */
  waiting: number;
  processing: number;
  ready: number;
  delivered: number;
  /** Every portion of the day still to make or hand over, and handed over. */
  total: number;
};

/**
 * Portions (not orders) per dish, by name, in the order dishes first appear; cancelled and
 * failed orders are left out, as no food is made for them.
 */
export function portionsByDish(
  orders: readonly Pick<KitchenOrder, "status" | "quantity" | "itemName">[],
): DishPortions[] {
  const dishes = new Map<string, DishPortions>();
  for (const { status, quantity, itemName } of orders) {
    if (status === "cancelled" || status === "failed") continue;
    let dish = dishes.get(itemName);
    if (!dish) {
      dish = { itemName, waiting: 0, processing: 0, ready: 0, delivered: 0, total: 0 };
      dishes.set(itemName, dish);
    }
    dish.total += quantity;
    const column = kitchenColumnOf(status);
    if (status === "delivered") dish.delivered += quantity;
    else if (column === "pending") dish.waiting += quantity;
    else if (column) dish[column] += quantity;
  }
  return [...dishes.values()];
}

/** One dish's portions the kitchen still has to make. */
export type DishToMake = { itemName: string; portions: number };

/**
 * Portions still to make per dish: not begun (pending, paid) or in processing, from
 * `portionsByDish`; ready, delivered, cancelled and failed orders need no more cooking. Dishes
 * with none left are left out; the largest first (then by name), as the prep sheet.
 */
export function portionsToMake(
  orders: readonly Pick<KitchenOrder, "status" | "quantity" | "itemName">[],
): DishToMake[] {
  return portionsByDish(orders)
    .map(({ itemName, waiting, processing }) => ({ itemName, portions: waiting + processing }))
    .filter((dish) => dish.portions > 0)
    .sort((a, b) => b.portions - a.portions || a.itemName.localeCompare(b.itemName));
}

/** What an order's QR code holds (labels and the customer's `/my/orders`): a prefix and the id. */
const QR_PREFIX = "kantien:order:";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function orderQrContent(orderId: string): string {
  return `${QR_PREFIX}${orderId}`;
}

/** The order id a scanned code holds (our QR content, or a bare id), else null. */
export function orderIdFromQr(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  const id = trimmed.startsWith(QR_PREFIX) ? trimmed.slice(QR_PREFIX.length) : trimmed;
  return UUID.test(id) ? id : null;
}

/** One order as the counter shows it: the board's row and the day it is for. */
export const counterOrder = kitchenOrder.extend({ orderDate: z.string() });
export type CounterOrder = z.infer<typeof counterOrder>;

/**
 * `GET /api/kitchen/counter?q=`: the orders a scan or a search finds. A scanned code finds
 * its one order whatever its day; a name or an order number finds today's orders.
 */
export const counterAnswer = dataAnswer(z.object({ orders: z.array(counterOrder) }));
