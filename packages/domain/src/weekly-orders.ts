import { addDaysIso, type IsoDate, isIsoDate, isoWeekday, schoolDays } from "./dates";
import type { OrderStatus } from "./order-status";

/** One order of the weekly view: what the screen shows, names joined (DESIGN §5 read models). */
export type WeeklyOrder = {
  id: string;
  status: OrderStatus;
  quantity: number;
  deliveryDate: IsoDate;
  customerName: string;
  itemName: string;
};

/** How many of one item the kitchen prepares on a day. */
export type PrepLine = { itemName: string; quantity: number };

export type WeeklyOrdersDay = { date: IsoDate; orders: WeeklyOrder[]; prep: PrepLine[] };

/** Answer of `GET /api/weekly-orders?weekStart=YYYY-MM-DD`: Monday to Friday, always five days. */
export type WeeklyOrders = { weekStart: IsoDate; weekEnd: IsoDate; days: WeeklyOrdersDay[] };

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

/** The weekly view's status labels (spec §4); the texts are in the web app's locale files. */
export type WeeklyStatusLabel = "todo" | "busy" | "done" | "collected" | "cancelled" | "failed";

/**
 * Spec §4 names PENDING 'Om te doen', PAID 'Besig', READY 'Klaar', DELIVERED 'Afgehaal',
 * CANCELLED 'Gekanseleer'. It names no label for processing or failed: an order being
 * prepared is busy too ('Besig'), and a failed payment gets its own label ('Misluk').
 */
export const WEEKLY_STATUS_LABEL: Record<OrderStatus, WeeklyStatusLabel> = {
  pending: "todo",
  paid: "busy",
  processing: "busy",
  ready: "done",
  delivered: "collected",
  cancelled: "cancelled",
  failed: "failed",
};
