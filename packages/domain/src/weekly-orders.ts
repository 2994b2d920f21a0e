import { z } from "zod";
import { dataAnswer, orderStatusSchema } from "./api";
import { addDaysIso, type IsoDate, isIsoDate, isoWeekday, schoolDays } from "./dates";
import type { OrderStatus } from "./order-status";

/** One order of the weekly view: what the screen shows, names joined, in one round trip. */
export const weeklyOrder = z.object({
  id: z.string(),
  pickupNumber: z.number().int(),
  status: orderStatusSchema,
  quantity: z.number().int(),
  deliveryDate: z.string(),
  customerName: z.string(),
  itemName: z.string(),
});
export type WeeklyOrder = z.infer<typeof weeklyOrder>;

/** How many of one item the kitchen prepares on a day. */
export const prepLine = z.object({ itemName: z.string(), quantity: z.number().int() });
export type PrepLine = z.infer<typeof prepLine>;

export const weeklyOrdersDay = z.object({
  date: z.string(),
  orders: z.array(weeklyOrder),
  prep: z.array(prepLine),
});
export type WeeklyOrdersDay = z.infer<typeof weeklyOrdersDay>;

/** Answer of `GET /api/weekly-orders?weekStart=YYYY-MM-DD`: Monday to Friday, always five days. */
export const weeklyOrders = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  days: z.array(weeklyOrdersDay),
});
export type WeeklyOrders = z.infer<typeof weeklyOrders>;
export const weeklyOrdersAnswer = dataAnswer(weeklyOrders);

/** A week of the weekly view starts on a Monday. */
export function isWeekStart(value: string): value is IsoDate {
  return isIsoDate(value) && isoWeekday(value) === 1;
}

/** Friday of the school week that starts on `monday`. */
export function weekEndOf(monday: IsoDate): IsoDate {
  return addDaysIso(monday, 4);
}

/** Statuses no food is made for: they stay on the view but out of the prep sheet. */
const NOT_PREPARED: readonly OrderStatus[] = ["cancelled", "failed"];

/**
 * The day's prep sheet: quantity per item over the orders that are not cancelled or failed,
 * the largest first (then by name). Delivered orders still count: they were made.
 */
export function prepSheet(
  orders: readonly Pick<WeeklyOrder, "status" | "itemName" | "quantity">[],
): PrepLine[] {
  const totals = new Map<string, number>();
  for (const { status, itemName, quantity } of orders) {
    if (NOT_PREPARED.includes(status)) continue;
    totals.set(itemName, (totals.get(itemName) ?? 0) + quantity);
  }
  return [...totals]
    .map(([itemName, quantity]) => ({ itemName, quantity }))
    .sort((a, b) => b.quantity - a.quantity || a.itemName.localeCompare(b.itemName));
}

/** Groups a week's orders (kept in their given order) into its five days, each with its prep sheet. */
export function weeklyOrdersOf(weekStart: IsoDate, orders: readonly WeeklyOrder[]): WeeklyOrders {
  const days = schoolDays(weekStart).map((date) => {
    const ofDay = orders.filter((order) => order.deliveryDate === date);
    return { date, orders: ofDay, prep: prepSheet(ofDay) };
  });
  return { weekStart, weekEnd: weekEndOf(weekStart), days };
}
