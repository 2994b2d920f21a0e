import { type AllergyAlert, allergyAlertSchema } from "@kantien/domain/allergens";
import { orderStatusSchema } from "@kantien/domain/api";
import type { IsoDate } from "@kantien/domain/dates";
import { type OrderNumberSearch, orderNumberSearch } from "@kantien/domain/order-label";
import {
  ORDERS_PAGE_DEFAULT,
  type OrderDetail,
  type OrderMenuDay,
  type OrderSort,
  type OrderStatusFilter,
  type OrderSummaryRow,
  type OrderTimelineEntry,
  orderDetail as orderDetailSchema,
  orderSummaryRow,
  orderTimelineEntry,
} from "@kantien/domain/orders-summary";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { searchPatterns } from "../../db/search-patterns";
import { orderPaidFromWallet } from "../wallets/ledger";
import { allergyAlerts } from "./allergy-match";

/**
 * The summary's filter with the range settled (decision 0007): no range only for a pinned
 * filter, one customer or one order number, which spans all time (decision 0015).
 */
export type OrdersFilter = {
  from?: IsoDate;
  to?: IsoDate;
  q?: string;
  customer?: string;
  status?: OrderStatusFilter;
  sort?: OrderSort;
  dir?: "asc" | "desc";
};

const matchedIds = z.object({ users: z.array(z.string()).nullable(), items: z.array(z.string()).nullable() });
const countRow = z.object({ total: z.number().int() });

/** Past this many matching customers or items, a word is matched by subquery, not by a list of ids. */
const MAX_LISTED = 1000;

/** The summary's filter with the words of `q` resolved to the customers and items they match. */
export type ResolvedFilter = OrdersFilter & { words: SQL[] };

/**
 * Each word of `q` must match the customer's full name or the item's name, anywhere, in
 * any case. The words are looked up in those two small, trigram-indexed tables first; the
 * orders are then found by `user_id` and `food_item_id`, so the planner can use their
 * indexes for a rare name over a long range (decision 0007). A word that matches nobody
 * and nothing makes the whole filter false.
 */
export async function resolveFilter(db: Db | Tx, filter: OrdersFilter): Promise<ResolvedFilter> {
  const number = orderNumberSearch(filter.q);
  if (number) return { ...filter, words: [orderNumberWhere(number)] };
  const resolved: SQL[] = [];
  for (const pattern of searchPatterns(filter.q)) {
    const usersOf = sql`select id from users where (first_name || ' ' || last_name) ilike ${pattern}`;
    const itemsOf = sql`select id from food_items where name ilike ${pattern}`;
    const [found] = await queryRows(
      db,
      sql`select (select array_agg(id::text) from (${usersOf} limit ${MAX_LISTED + 1}) u) as users,
                 (select array_agg(id::text) from (${itemsOf} limit ${MAX_LISTED + 1}) f) as items`,
      matchedIds,
    );
    const match = (column: SQL, ids: string[] | null | undefined, all: SQL) => {
      if (!ids || ids.length === 0) return null;
      if (ids.length > MAX_LISTED) return sql`${column} in (${all})`;
      return sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;
    };
    const either = [
      match(sql`o.user_id`, found?.users, usersOf),
      match(sql`o.food_item_id`, found?.items, itemsOf),
    ].filter((part): part is SQL => part !== null);
    resolved.push(either.length === 0 ? sql`false` : sql`(${sql.join(either, sql` or `)})`);
  }
  return { ...filter, words: resolved };
}

/**
 * An order's number (decision 0035): a pickup number among the orders of the days searched,
 * through `orders_pickup_number_key` (order_date, pickup_number); a whole id is the primary
 * key. `orders` is how the query names the orders table.
 */
export function orderNumberWhere(number: OrderNumberSearch, orders: SQLWrapper = sql`o`): SQL {
  if (number.kind === "id") return sql`${orders}.id = ${number.id}::uuid`;
  return sql`${orders}.pickup_number = ${number.number}`;
}

/** The WHERE of the summary on `orders o`: a range of orders_order_date_idx, the customer, the status, the words. */
export function ordersWhere({ from, to, customer, status, words }: ResolvedFilter): SQL {
  const parts: SQL[] = [];
  if (from && to) parts.push(sql`o.order_date between ${from}::date and ${to}::date`);
  if (customer) parts.push(sql`o.user_id = ${customer}::uuid`);
  if (status && status !== "all") parts.push(sql`o.status = ${status}::order_status`);
  parts.push(...words);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

function ordersOrderBy({ sort = "orderDate", dir = "desc" }: OrdersFilter): SQL {
  const d = dir === "asc" ? sql`asc` : sql`desc`;
  switch (sort) {
    case "customer":
      return sql`u.first_name ${d}, u.last_name ${d}, o.id ${d}`;
    case "amount":
      return sql`o.food_item_price * o.food_item_quantity ${d}, o.id ${d}`;
    case "status":
      return sql`o.status ${d}, o.order_date desc, o.id ${d}`;
    default:
      return sql`o.order_date ${d}, o.created_at ${d}, o.id ${d}`;
  }
}

/** The page's rows, names joined: what the table shows and nothing more. */
export function ordersPageQuery(filter: ResolvedFilter, page: { limit?: number; offset?: number } = {}) {
  const limit = page.limit === undefined ? sql`` : sql` limit ${page.limit}`;
  const offset = page.offset ? sql` offset ${page.offset}` : sql``;
  return sql`
    select o.id, o.pickup_number as "pickupNumber", o.order_date::text as "orderDate", o.delivery_date::text as "deliveryDate",
           o.created_at as "createdAt",
           u.first_name || ' ' || u.last_name as "customerName", f.name as "itemName",
           o.food_item_quantity as quantity,
           (o.food_item_price * o.food_item_quantity)::numeric(12, 2)::text as amount,
           o.status
    from orders o
    join users u on u.id = o.user_id
    join food_items f on f.id = o.food_item_id
    where ${ordersWhere(filter)}
    order by ${ordersOrderBy(filter)}${limit}${offset}`;
}

export function ordersCountQuery(filter: ResolvedFilter) {
  return sql`select count(*)::int as total from orders o where ${ordersWhere(filter)}`;
}

/** `GET /api/orders`: one page and the count of every matching order. */
export async function listOrders(
  db: Db,
  filter: OrdersFilter,
  page: { limit?: number; offset?: number },
): Promise<{ rows: OrderSummaryRow[]; total: number }> {
  const limit = page.limit ?? ORDERS_PAGE_DEFAULT;
  const resolved = await resolveFilter(db, filter);
  const [rows, counted] = await Promise.all([
    queryRows(db, ordersPageQuery(resolved, { limit, offset: page.offset ?? 0 }), summaryRow),
    queryRows(db, ordersCountQuery(resolved), countRow),
  ]);
  const alerts = await alertsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => ({ ...row, allergyAlert: alerts.get(row.id) ?? null })),
    total: counted[0]?.total ?? 0,
  };
}

/** The allergy alerts of a page's orders, by order id (orders without one are absent). */
async function alertsOf(db: Db | Tx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, AllergyAlert>();
  const page = sql`(select id, user_id, food_item_id from orders
                    where id in (${sql.join(
                      ids.map((id) => sql`${id}::uuid`),
                      sql`, `,
                    )}))`;
  const rows = await queryRows(
    db,
    sql`select order_id as "orderId", alert from (${allergyAlerts(page)}) alerts`,
    z.object({ orderId: z.string(), alert: allergyAlertSchema.unwrap() }),
  );
  return new Map(rows.map((row) => [row.orderId, row.alert]));
}

/** A summary row as read (the export's row: no alerts): the timestamp comes as a Date on PGlite and node-postgres alike. */
const summaryRow = orderSummaryRow.omit({ allergyAlert: true }).extend({ createdAt: timestampColumn });
export type ExportedOrderRow = z.infer<typeof summaryRow>;

const EXPORT_BATCH = 2000;

/**
 * Every matching row, in batches from one cursor inside a read-only snapshot, so an export
 * of any size is consistent and reads the table once. `write` may wait (backpressure);
 * when it answers false the export stops.
 */
export async function exportOrders(
  db: Db,
  filter: OrdersFilter,
  write: (rows: ExportedOrderRow[]) => Promise<boolean>,
) {
  await db.transaction(
    async (tx) => {
      const resolved = await resolveFilter(tx, filter);
      await tx.execute(sql`declare orders_export no scroll cursor for ${ordersPageQuery(resolved)}`);
      for (;;) {
        const rows = await queryRows(
          tx,
          sql`fetch forward ${sql.raw(String(EXPORT_BATCH))} from orders_export`,
          summaryRow,
        );
        if (rows.length > 0 && !(await write(rows))) break;
        if (rows.length < EXPORT_BATCH) break;
      }
      await tx.execute(sql`close orders_export`);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

const detailRow = orderDetailSchema
  .omit({ timeline: true, allergyAlert: true })
  .extend({ createdAt: timestampColumn });
const changeRow = orderTimelineEntry.extend({
  fromStatus: orderStatusSchema.nullable(),
  at: timestampColumn,
});
const menuDayItemRow = z.object({ date: z.string(), id: z.string(), name: z.string(), price: z.string() });

/** `GET /api/orders/:id`: the order, its price and its recorded history. Null when unknown. */
export async function orderDetail(db: Db | Tx, id: string): Promise<OrderDetail | null> {
  const [row] = await queryRows(
    db,
    sql`
      select o.id, o.pickup_number as "pickupNumber", o.order_date::text as "orderDate",
             o.user_id as "customerId", u.first_name || ' ' || u.last_name as "customerName",
             f.name as "itemName", o.food_item_quantity as quantity,
             o.food_item_price::text as "unitPrice",
             (o.food_item_price * o.food_item_quantity)::numeric(12, 2)::text as total,
             o.delivery_date::text as "deliveryDate", o.created_at as "createdAt", o.status,
             ${orderPaidFromWallet(sql`o.id`)} as "paidFromWallet",
             o.allergens_confirmed_at is not null as "allergensConfirmed"
      from orders o
      join users u on u.id = o.user_id
      join food_items f on f.id = o.food_item_id
      where o.id = ${id}`,
    detailRow,
  );
  if (!row) return null;
  const [changes, alerts] = await Promise.all([
    queryRows(
      db,
      sql`
      select c.from_status as "fromStatus", c.to_status as status, c.changed_at as at,
             u.first_name || ' ' || u.last_name as "byName", c.reason
      from order_status_changes c
      left join users u on u.id = c.changed_by
      where c.order_id = ${id}
      order by c.changed_at, c.id`,
      changeRow,
    ),
    alertsOf(db, [id]),
  ]);
  const createdAt = row.createdAt;
  const timeline: OrderTimelineEntry[] = changes.map((c) => ({
    status: c.status,
    at: c.at,
    byName: c.byName,
    reason: c.reason,
  }));
  // Orders placed before creations were recorded begin with the status they were placed in.
  const first = changes[0];
  if (!first || first.fromStatus !== null) {
    timeline.unshift({ status: first?.fromStatus ?? row.status, at: createdAt, byName: null, reason: null });
  }
  return { ...row, allergyAlert: alerts.get(id) ?? null, timeline };
}

/** `GET /api/orders/menu-days`: the school days from `today` on with their active items. */
export async function listMenuDays(db: Db, today: IsoDate): Promise<OrderMenuDay[]> {
  const rows = await queryRows(
    db,
    sql`
      select d.date::text as date, f.id, f.name, f.price::text as price
      from food_items f
      join weekly_menus m on m.id = f.weekly_menu_id
      cross join lateral (
        select m.date_from + (array_position(enum_range(null::weekday), f.day_of_week) - 1) as date
      ) d
      where f.retired_at is null and m.date_to >= ${today}::date and d.date >= ${today}::date
      order by d.date, f.name, f.id`,
    menuDayItemRow,
  );
  const days: OrderMenuDay[] = [];
  for (const { date, ...item } of rows) {
    const last = days.at(-1);
    if (last?.date === date) last.items.push(item);
    else days.push({ date, items: [item] });
  }
  return days;
}
