import { addDaysIso, dayRange, type IsoDate } from "@kantien/domain/dates";
import { type CounterOrder, counterOrder, type KitchenOrder, kitchenOrder } from "@kantien/domain/kitchen";
import { orderIdFromQr } from "@kantien/domain/kitchen-rules";
import { orderNumberSearch } from "@kantien/domain/order-label";
import { and, eq, gte, ilike, isNull, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { foodItems, orders, users } from "../../db/schema";
import { searchPatterns } from "../../db/search-patterns";
import { allergyAlertColumn, declarationColumn } from "../orders/allergy-match";
import { orderNumberWhere } from "../orders/queries";
import { orderPaidFromWallet } from "../wallets/ledger";

/** A timestamp as the API writes it: ISO 8601 in UTC with milliseconds, as `Date#toISOString`. */
const isoTime = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A kitchen row's columns, names joined, as the API sends them: the board's and the counter's.
 * Raw SQL read through the row's schema (`queryRows`): the board reads hundreds of rows on every
 * load and poll, and the query builder's row mapping and the Date of each time, parsed and written
 * back as text, cost about half of the route's CPU (bench/layers.ts).
 */
const kitchenSelect = sql`${orders.id} as "id", ${orders.pickupNumber} as "pickupNumber", ${orders.status} as "status",
  ${orders.foodItemQuantity} as "quantity", ${orders.foodItemPrice}::text as "price",
  ${isoTime(orders.createdAt)} as "createdAt", ${isoTime(orders.statusChangedAt)} as "statusChangedAt",
  ${orders.deliveryDate}::text as "deliveryDate",
  ${users.firstName} || ' ' || ${users.lastName} as "customerName",
  ${foodItems.name} as "itemName", ${foodItems.preparationTime} as "preparationTime",
  ${orderPaidFromWallet(orders.id)} as "paidFromWallet",
  ${declarationColumn(orders.foodItemId)} as "itemAllergens",
  ${allergyAlertColumn({ userId: orders.userId, foodItemId: orders.foodItemId })} as "allergyAlert"`;
const kitchenFrom = sql`from ${orders}
  join ${users} on ${users.id} = ${orders.userId}
  join ${foodItems} on ${foodItems.id} = ${orders.foodItemId}`;

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
export function kitchenOrdersQuery({ date, timeZone }: { date: IsoDate; timeZone: string }): SQL {
  return sql`select ${kitchenSelect} ${kitchenFrom}
    where ${onKitchenDay(date, timeZone)}
    order by ${orders.createdAt}, ${orders.id}`;
}

export function listKitchenOrders(
  db: Db,
  params: { date: IsoDate; timeZone: string },
): Promise<KitchenOrder[]> {
  return queryRows(db, kitchenOrdersQuery(params), kitchenOrder);
}

/** The counter shows at most this many orders for one search. */
export const COUNTER_LIMIT = 20;

/** How many days ahead the counter looks when today has nothing for a number or a name. */
export const COUNTER_DAYS_AHEAD = 14;

/**
 * What the counter's text finds (`GET /api/kitchen/counter`): a scanned code or a bare id, its
 * one order whatever its day; else, among `today`'s orders (or with `ahead`, the coming
 * days'), those whose pickup number it is (decision 0035), or else
 * whose customer's name holds each of its words (first, last, or "first last", any part, any
 * case; `%` and `_` taken literally, as in the orders summary, decision 0007). Oldest first.
 */
export function counterWhere(
  q: string,
  { today, timeZone, ahead = false }: { today: IsoDate; timeZone: string; ahead?: boolean },
): SQL {
  const id = orderIdFromQr(q);
  if (id) return eq(orders.id, id);
  const comingDays = sql`${orders.orderDate} > ${today} and ${orders.orderDate} <= ${addDaysIso(today, COUNTER_DAYS_AHEAD)}`;
  const number = orderNumberSearch(q);
  // Today's orders by order_date (the same orders as onKitchenDay) meet the number's index.
  if (number)
    return sql`${ahead ? comingDays : sql`${orders.orderDate} = ${today}`} and ${orderNumberWhere(number, orders)}`;
  const day = ahead ? comingDays : onKitchenDay(today, timeZone);
  const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
  const words = searchPatterns(q).map((pattern) => ilike(fullName, pattern));
  // Text that is only spaces has no words: it names nobody (the route refuses it anyway).
  return words.length > 0 ? sql`${day} and ${sql.join(words, sql` and `)}` : sql`false`;
}

export function counterOrdersQuery(where: SQL): SQL {
  return sql`select ${kitchenSelect}, ${orders.orderDate}::text as "orderDate",
    ${orders.userId} as "customerId" ${kitchenFrom}
    where ${where}
    order by ${orders.createdAt}, ${orders.id}
    limit ${COUNTER_LIMIT}`;
}

function readCounterOrders(db: Db, where: SQL): Promise<CounterOrder[]> {
  return queryRows(db, counterOrdersQuery(where), counterOrder);
}

/**
 * The counter's look-up: today's orders for the text; when today has none, the coming days'
 * (the screen names their day), so "nothing today" never hides tomorrow's order.
 */
export async function findCounterOrders(
  db: Db,
  q: string,
  params: { today: IsoDate; timeZone: string },
): Promise<CounterOrder[]> {
  const today = await readCounterOrders(db, counterWhere(q, params));
  if (today.length > 0 || orderIdFromQr(q)) return today;
  return readCounterOrders(db, counterWhere(q, { ...params, ahead: true }));
}

/** One order as the counter shows it, whatever its day; null when there is none. */
export async function counterOrderById(db: Db, id: string): Promise<CounterOrder | null> {
  return (await readCounterOrders(db, eq(orders.id, id)))[0] ?? null;
}
