/**
 * The kitchen's rules, apart from the API's schemas in kitchen.ts: the screens import these
 * without zod (a first load of the kitchen board stays within its budget).
 */
import { TZDate } from "@date-fns/tz";
import type { IsoDate } from "./dates";
import type { KitchenOrder } from "./kitchen";
import { isWaitingForKitchen, kitchenColumnOf } from "./order-status";

export type KitchenCounts = {
  total: number;
  pending: number;
  processing: number;
  ready: number;
  delivered: number;
};

/**
 * The board's summary counts. The day's answer holds every order of the day in every
 * status; `total` leaves out cancelled and failed orders (no food is made for them), and is
 * the sum of the other four: the three columns and the collected orders, so the counts add up.
 */
export function kitchenCounts(orders: readonly Pick<KitchenOrder, "status">[]): KitchenCounts {
  const counts: KitchenCounts = { total: 0, pending: 0, processing: 0, ready: 0, delivered: 0 };
  for (const { status } of orders) {
    if (status === "cancelled" || status === "failed") continue;
    counts.total += 1;
    const column = kitchenColumnOf(status);
    if (column) counts[column] += 1;
    else if (status === "delivered") counts.delivered += 1;
  }
  return counts;
}

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

/** When the kitchen starts serving, `HH:MM` in the canteen's zone, until an admin sets it. */
export const SERVICE_START_DEFAULT = "07:30";

/**
 * The instant the kitchen's service starts on `date`: its start of service (`HH:MM`, a canteen
 * rule) in the canteen's time zone. No order waits from before it.
 */
export function serviceStartAt(date: IsoDate, serviceStart: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = serviceStart.split(":").map(Number);
  return new Date(
    new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, timeZone).getTime(),
  );
}

/**
 * Minutes a waiting order has waited on the board of a day whose service starts at
 * `serviceStart`: since it could first be started, the later of when it entered its status
 * (placed, paid, or stepped back) and the start of service. A pre-order, or one placed at night,
 * waits from the start of service, not from when it was placed; before then nothing waits (0).
 */
export function minutesWaiting(statusChangedAt: string, serviceStart: Date, now: Date): number {
  const since = Math.max(new Date(statusChangedAt).getTime(), serviceStart.getTime());
  return Math.max(0, Math.floor((now.getTime() - since) / 60_000));
}

/**
 * How many waiting orders have waited into the "late" stage: the board's banner and the
 * dashboard count the cards the board marks red, by the canteen's rules, not a limit of their own.
 */
export function lateOrderCount(
  orders: readonly Pick<KitchenOrder, "status" | "statusChangedAt">[],
  { serviceStart, now, thresholds }: { serviceStart: Date; now: Date; thresholds: AgeingThresholds },
): number {
  return orders.filter(
    (order) =>
      isWaitingForKitchen(order.status) &&
      ageingStage(minutesWaiting(order.statusChangedAt, serviceStart, now), thresholds) === "late",
  ).length;
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
