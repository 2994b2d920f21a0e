import { dayRange, type IsoDate } from "@kantien/domain/dates";
import type { CounterOrder, KitchenOrder } from "@kantien/domain/kitchen";
import { orderIdFromQr } from "@kantien/domain/kitchen-rules";
import { orderNumberSearch } from "@kantien/domain/order-label";
import { and, asc, eq, gte, ilike, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { foodItems, orders, users } from "../../db/schema";
import { searchPatterns } from "../../db/search-patterns";
import { orderNumberWhere } from "../orders/queries";

/** A kitchen row's columns, names joined: the board's and the counter's. */
const kitchenColumns = {
  id: orders.id,
  status: orders.status,
  quantity: orders.foodItemQuantity,
  price: orders.foodItemPrice,
  createdAt: orders.createdAt,
  statusChangedAt: orders.statusChangedAt,
  deliveryDate: orders.deliveryDate,
  customerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  itemName: foodItems.name,
  preparationTime: foodItems.preparationTime,
};

function selectKitchenRows<T extends SelectedFields>(db: Db, columns: T) {
  return db
    .select({ ...kitchenColumns, ...columns })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(foodItems, eq(foodItems.id, orders.foodItemId));
}

/**
 * The orders of one canteen day: those delivered on it, and those placed on it (in the
 * canteen's time zone) without a delivery date. Both branches of the OR are ranges of
 * orders_delivery_date_idx (delivery_date, created_at).
 */
function onKitchenDay(date: IsoDate, timeZone: string): SQL {
  const { start, end } = dayRange(date, timeZone);
  const placedThatDay = and(
    isNull(orders.deliveryDate),
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
  );
  return sql`(${eq(orders.deliveryDate, date)} or ${placedThatDay})`;
}

/**
 * The kitchen board's orders of one canteen day, names joined, in one query.
 * Every status is returned: the board picks its columns and counts with `kitchenCounts`
 * (cancelled and failed stay out of the total).
 */
export function kitchenOrdersQuery(db: Db, { date, timeZone }: { date: IsoDate; timeZone: string }) {
  return selectKitchenRows(db, {})
    .where(onKitchenDay(date, timeZone))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** A kitchen row as the API sends it: times as ISO text. */
function withIsoTimes<T extends { createdAt: Date; statusChangedAt: Date }>(row: T) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt.toISOString(),
  };
}

export async function listKitchenOrders(
  db: Db,
  params: { date: IsoDate; timeZone: string },
): Promise<KitchenOrder[]> {
  return (await kitchenOrdersQuery(db, params)).map(withIsoTimes);
}

/** The counter shows at most this many orders for one search. */
export const COUNTER_LIMIT = 20;

/**
 * What the counter's text finds (`GET /api/kitchen/counter`): a scanned code or a bare id, its
 * one order whatever its day; else, among `today`'s orders, those whose number (the id's last
 * 4 or 6 characters, decision 0015) it is, or else whose customer's name holds each of its
 * words (first, last, or "first last", any part, any case; `%` and `_` taken literally, as in
 * the orders summary, decision 0007). Oldest first.
 */
export function counterWhere(q: string, { today, timeZone }: { today: IsoDate; timeZone: string }): SQL {
  const id = orderIdFromQr(q);
  if (id) return eq(orders.id, id);
  const day = onKitchenDay(today, timeZone);
  const number = orderNumberSearch(q);
  if (number) return sql`${day} and ${orderNumberWhere(number, orders.id)}`;
  const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
  const words = searchPatterns(q).map((pattern) => ilike(fullName, pattern));
  // Text that is only spaces has no words: it names nobody (the route refuses it anyway).
  return words.length > 0 ? sql`${day} and ${sql.join(words, sql` and `)}` : sql`false`;
}

export function counterOrdersQuery(db: Db, where: SQL) {
  return selectKitchenRows(db, { orderDate: orders.orderDate })
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(COUNTER_LIMIT);
}

async function readCounterOrders(db: Db, where: SQL): Promise<CounterOrder[]> {
  return (await counterOrdersQuery(db, where)).map(withIsoTimes);
}

export function findCounterOrders(
  db: Db,
  q: string,
  params: { today: IsoDate; timeZone: string },
): Promise<CounterOrder[]> {
  return readCounterOrders(db, counterWhere(q, params));
}

/** One order as the counter shows it, whatever its day; null when there is none. */
export async function counterOrderById(db: Db, id: string): Promise<CounterOrder | null> {
  return (await readCounterOrders(db, eq(orders.id, id)))[0] ?? null;
}
