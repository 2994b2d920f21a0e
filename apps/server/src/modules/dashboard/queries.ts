import { orderStatusSchema } from "@kantien/domain/api";
import { type ActivityEntry, type DashboardSummary, dashboardCounts } from "@kantien/domain/dashboard";
import { WAITING_STATUSES } from "@kantien/domain/order-status";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, timestampColumn } from "../../db/client";

/** Latest orders and latest new users in the activity list: at most 5 entries. */
const ACTIVITY_ORDERS = 3;
const ACTIVITY_USERS = 2;

/**
 * The six counts in one aggregate query: orders are read once for both order
 * counts; people removed (anonymised) no longer count. Orders waiting for the kitchen are
 * pending and paid ones it has not begun (decision 0022). The status is an enum of lower-case
 * values, and `lower()` keeps "pending in any letter case" counted as waiting should that change.
 */
export function dashboardCountsQuery() {
  const waiting = sql.join(
    WAITING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`
    select o.total as "totalOrders", o.pending as "pendingOrders",
           p.customers as "activeUsers", p.staff,
           (select count(*)::int from food_items where retired_at is null) as "menuItems",
           (select count(*)::int from weekly_menus) as "weeklyMenus"
    from (select count(*)::int as total,
                 (count(*) filter (where lower(status::text) in (${waiting})))::int as pending
          from orders) o,
         (select (count(*) filter (where role_id in (1, 2)))::int as customers,
                 (count(*) filter (where role_id in (3, 4)))::int as staff
          from users where deleted_at is null) p`;
}

const activityOrderRow = z.object({
  id: z.string(),
  title: z.string(),
  item: z.string(),
  quantity: z.number().int(),
  at: timestampColumn,
  status: orderStatusSchema,
});
const activityUserRow = z.object({
  id: z.string(),
  title: z.string(),
  role: z.string(),
  roleId: z.number().int(),
  at: timestampColumn,
});

export async function dashboardSummary(db: Db): Promise<DashboardSummary> {
  const [[counts], orders, users] = await Promise.all([
    queryRows(db, dashboardCountsQuery(), dashboardCounts),
    queryRows(
      db,
      sql`select o.id, u.first_name || ' ' || u.last_name as title, f.name as item,
                 o.food_item_quantity as quantity, o.created_at as at, o.status
          from orders o
          join users u on u.id = o.user_id
          join food_items f on f.id = o.food_item_id
          order by o.created_at desc, o.id desc
          limit ${ACTIVITY_ORDERS}`,
      activityOrderRow,
    ),
    queryRows(
      db,
      sql`select u.id, u.first_name || ' ' || u.last_name as title, r.role_name as role,
                 u.role_id as "roleId", u.account_creation_time as at
          from users u join roles r on r.role_id = u.role_id
          where u.deleted_at is null
          order by u.account_creation_time desc, u.id desc
          limit ${ACTIVITY_USERS}`,
      activityUserRow,
    ),
  ]);
  const activity: ActivityEntry[] = [
    ...orders.map(
      (o): ActivityEntry => ({
        id: o.id,
        type: "order",
        title: o.title,
        description: `${o.item} × ${o.quantity}`,
        roleId: null,
        timestamp: o.at,
        status: o.status,
      }),
    ),
    ...users.map(
      (u): ActivityEntry => ({
        id: u.id,
        type: "user",
        title: u.title,
        description: u.role,
        roleId: u.roleId,
        timestamp: u.at,
        status: "completed",
      }),
    ),
  ].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  // One aggregate always answers one row.
  if (!counts) throw new Error("the dashboard counts query answered no row");
  return { counts, activity: activity.slice(0, ACTIVITY_ORDERS + ACTIVITY_USERS) };
}
