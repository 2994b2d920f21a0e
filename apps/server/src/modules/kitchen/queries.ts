import { addDaysIso, dayRange, type IsoDate, isoWeekday, WEEKDAYS } from "@kantien/domain/dates";
import {
  type CounterOrder,
  counterOrder,
  type KitchenOrder,
  kitchenOrder,
  kitchenPayment,
} from "@kantien/domain/kitchen";
import { orderIdFromQr } from "@kantien/domain/kitchen-rules";
import { cardTokenFromCode } from "@kantien/domain/learner-cards";
import { orderNumberSearch } from "@kantien/domain/order-label";
import { and, eq, gte, ilike, isNull, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../db/client";
import { orders, users } from "../../db/schema";
import { searchPatterns } from "../../db/search-patterns";
import { cardHolder } from "../learner-cards/cards";
import { allergyAlerts, declarationColumn } from "../orders/allergy-match";
import { portionsLeftColumn } from "../orders/portions";
import { orderNumberWhere } from "../orders/queries";
import { orderPaidFromWallet } from "../wallets/ledger";

/** A timestamp as the API writes it: ISO 8601 in UTC with milliseconds, as `Date#toISOString`. */
const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The kitchen's rows (the board's and the counter's) of the orders `where` picks (it may name
 * orders and users), oldest first, at most `limit`, with the counter's `extra` columns, as the
 * API sends them. Raw SQL read through the row's schema (`queryRows`): the board reads hundreds
 * of rows on every load and poll, and the query builder's row mapping and the Date of each
 * time, parsed and written back as text, cost about half of the route's CPU (bench/layers.ts).
 * One query that reads each thing once, not once per order:
 * - `picked`: the orders and their customers' names, limited before anything else is read;
 * - `dishes`: each of their dishes once, with its declaration (materialized: inlined, the
 *   planner would read the declaration again for every order);
 * - `alerts`: only the picked customers with allergies meet their dishes' declarations.
 * Whether the wallet paid an order is asked for that order alone (`orderPaidFromWallet`): a
 * probe of the ledger per order of the day would grow with the ledger, not with the day.
 */
function kitchenRowsQuery(where: SQL, { extra = sql``, limit }: { extra?: SQL; limit?: number } = {}): SQL {
  return sql`with picked as (
      select ${orders.id}, ${orders.pickupNumber}, ${orders.status}, ${orders.foodItemQuantity},
             ${orders.foodItemPrice}, ${orders.createdAt}, ${orders.statusChangedAt}, ${orders.deliveryDate},
             ${orders.orderDate}, ${orders.userId}, ${orders.foodItemId},
             ${users.firstName} || ' ' || ${users.lastName} as customer_name
      from ${orders} join ${users} on ${users.id} = ${orders.userId}
      where ${where}
      ${limit === undefined ? sql`` : sql`order by ${orders.createdAt}, ${orders.id} limit ${limit}`}
    ),
    dishes as materialized (
      select f.id, f.name, f.preparation_time, ${declarationColumn(sql`f.id`)} as allergens
      from food_items f where f.id in (select food_item_id from picked)
    ),
    alerts as (${allergyAlerts(sql`picked`)})
    select o.id as "id", o.pickup_number as "pickupNumber", o.status as "status",
      o.food_item_quantity as "quantity", o.food_item_price::text as "price",
      ${isoTime(sql`o.created_at`)} as "createdAt", ${isoTime(sql`o.status_changed_at`)} as "statusChangedAt",
      o.delivery_date::text as "deliveryDate", o.customer_name as "customerName",
      f.name as "itemName", f.preparation_time as "preparationTime",
      f.allergens as "itemAllergens", alerts.alert as "allergyAlert"${extra}
    from picked o
    join dishes f on f.id = o.food_item_id
    left join alerts on alerts.order_id = o.id
    order by o.created_at, o.id`;
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
export function kitchenOrdersQuery({ date, timeZone }: { date: IsoDate; timeZone: string }): SQL {
  return kitchenRowsQuery(onKitchenDay(date, timeZone));
}

const dayJsonRow = z.object({ orders: z.string() });

/**
 * The kitchen board's day as the API writes it: a JSON array of `KitchenOrder`, made by the
 * database. Node then neither parses each row's fields nor writes them out again, which was
 * most of the route's own CPU at 300 orders (bench/layers.ts); the route sends the text as it
 * is. `json_agg` reads the sorted subquery in its order (as PostgREST relies on too). Named
 * (`prepare`): planning it costs about as much as running it.
 */
export async function kitchenDayJson(db: Db, params: { date: IsoDate; timeZone: string }): Promise<string> {
  const [day] = await queryRows(
    db,
    sql`select coalesce(json_agg(k), '[]')::text as orders from (${kitchenOrdersQuery(params)}) k`,
    dayJsonRow,
    { prepare: "kitchen_day" },
  );
  return day!.orders;
}

/** The whole answer of `GET /api/kitchen/orders` as text: the envelope around the day's JSON. */
export async function kitchenDayAnswerText(
  db: Db,
  params: { date: IsoDate; timeZone: string },
): Promise<string> {
  // Read first: an event after it may be in the orders too, and applying it again changes nothing.
  const eventId = await lastOrderEventId(db);
  const orders = await kitchenDayJson(db, params);
  const caps = await dishCapsJson(db, params.date);
  const atCounter = await soldAtCounterJson(db, params.date);
  return `{"success":true,"data":{"date":${JSON.stringify(params.date)},"eventId":${JSON.stringify(eventId)},"orders":${orders},"caps":${caps},"atCounter":${atCounter}}}`;
}

/** The number of the last order event handed out. */
async function lastOrderEventId(db: Db): Promise<string> {
  const [row] = await queryRows(
    db,
    sql`select last_id::text as id from order_event_counter where id = 1`,
    z.object({ id: z.string() }),
  );
  return row?.id ?? "0";
}

/** One order as the board shows it, as JSON, for the live event that carries it; null when it is gone. */
export async function kitchenRowJson(db: Db, orderId: string): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select row_to_json(k)::text as row from (${kitchenRowsQuery(eq(orders.id, orderId))}) k`,
    z.object({ row: z.string() }),
  );
  return row?.row ?? null;
}

/** The day's dishes sold at the counter, by name, voided sales left out (decision 0071), as JSON. */
async function soldAtCounterJson(db: Db, date: IsoDate): Promise<string> {
  const [row] = await queryRows(
    db,
    sql`select coalesce(json_agg(json_build_object('itemName', name, 'sold', sold) order by name), '[]')::text as sold
        from (select l.name, sum(l.quantity)::int as sold
              from counter_sales s join counter_sale_lines l on l.sale_id = s.id
              where s.date = ${date}::date and s.voided_at is null and l.food_item_id is not null
              group by l.name) dishes`,
    z.object({ sold: z.string() }),
  );
  return row?.sold ?? "[]";
}

/**
 * The day's dishes with a cap on their portions, and what is left of each (decision 0069), as
 * JSON: the menu's dish of the weekday, and one the board shows beside its portions.
 */
async function dishCapsJson(db: Db, date: IsoDate): Promise<string> {
  const weekday = WEEKDAYS[isoWeekday(date) - 1];
  if (!weekday) return "[]";
  const [row] = await queryRows(
    db,
    sql`select coalesce(json_agg(json_build_object('foodItemId', f.id, 'itemName', f.name, 'portions', f.portions,
                                                   'left', ${portionsLeftColumn(sql`f`)}) order by f.name), '[]')::text as caps
        from food_items f join weekly_menus m on m.id = f.weekly_menu_id
        where f.portions is not null and f.retired_at is null and f.day_of_week = ${weekday}
          and ${date}::date between m.date_from and m.date_to`,
    z.object({ caps: z.string() }),
  );
  return row?.caps ?? "[]";
}

/** The kitchen board's day as rows, read through their schema. */
export async function listKitchenOrders(
  db: Db,
  params: { date: IsoDate; timeZone: string },
): Promise<KitchenOrder[]> {
  return z.array(kitchenOrder).parse(JSON.parse(await kitchenDayJson(db, params)));
}

/** The counter shows at most this many orders for one search. */
export const COUNTER_LIMIT = 20;

/** How many days ahead the counter looks when today has nothing for a number or a name. */
export const COUNTER_DAYS_AHEAD = 14;

/** The coming days the counter looks ahead to when today has nothing. */
function comingDaysOf(today: IsoDate): SQL {
  return sql`${orders.orderDate} > ${today} and ${orders.orderDate} <= ${addDaysIso(today, COUNTER_DAYS_AHEAD)}`;
}

/**
 * What the counter's text finds (`GET /api/kitchen/counter`): a scanned code or a bare id, its
 * one order whatever its day; else, among `today`'s orders (or with `ahead`, the coming
 * days'), those whose pickup number it is (decision 0035), or else
 * whose customer's name holds each of its words (first, last, or "first last", any part, any
 * case; `%` and `_` taken literally, as in the orders summary, decision 0007). A scanned
 * learner's card (`holder`, decision 0072) finds its learner's orders of the day. Oldest first.
 */
export function counterWhere(
  q: string,
  {
    today,
    timeZone,
    ahead = false,
    holder,
  }: { today: IsoDate; timeZone: string; ahead?: boolean; holder?: string },
): SQL {
  if (holder)
    return sql`${ahead ? comingDaysOf(today) : onKitchenDay(today, timeZone)} and ${orders.userId} = ${holder}`;
  const id = orderIdFromQr(q);
  if (id) return eq(orders.id, id);
  const comingDays = comingDaysOf(today);
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

/**
 * A delivered order's hand-over: the status history's last move to delivered, by whom, so a
 * second scan can say when and by whom it was collected. A delivered order without such a row
 * says when from its status change, and by nobody.
 */
const collectedColumn = sql`case when o.status = 'delivered' then coalesce(
    (select json_build_object('at', ${isoTime(sql`c.changed_at`)}, 'by', u.first_name || ' ' || u.last_name)
       from order_status_changes c left join users u on u.id = c.changed_by
      where c.order_id = o.id and c.to_status = 'delivered'
      order by c.changed_at desc, c.id desc limit 1),
    json_build_object('at', ${isoTime(sql`o.status_changed_at`)}, 'by', null)) end`;

export function counterOrdersQuery(where: SQL): SQL {
  return kitchenRowsQuery(where, {
    extra: sql`, o.order_date::text as "orderDate", o.user_id as "customerId", ${collectedColumn} as "collected"`,
    limit: COUNTER_LIMIT,
  });
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
  // A card that is unknown, blocked or of a removed learner finds nothing.
  const holder = cardTokenFromCode(q) ? ((await cardHolder(db, q)) ?? null) : undefined;
  if (holder === null) return [];
  const today = await readCounterOrders(db, counterWhere(q, { ...params, holder }));
  if (today.length > 0 || orderIdFromQr(q)) return today;
  return readCounterOrders(db, counterWhere(q, { ...params, ahead: true, holder }));
}

/** Whether the customer's wallet paid order `id` and it is not refunded; null when there is no such order. */
export async function kitchenOrderPayment(db: Db, id: string): Promise<{ paidFromWallet: boolean } | null> {
  const [row] = await queryRows(
    db,
    sql`select ${orderPaidFromWallet(sql`o.id`)} as "paidFromWallet" from ${orders} o where o.id = ${id}`,
    kitchenPayment,
  );
  return row ?? null;
}

/** One order as the counter shows it, whatever its day; null when there is none. */
export async function counterOrderById(db: Db, id: string): Promise<CounterOrder | null> {
  return (await readCounterOrders(db, eq(orders.id, id)))[0] ?? null;
}
