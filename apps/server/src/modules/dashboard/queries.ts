import { orderStatusSchema } from "@kantien/domain/api";
import {
  type ActivityEntry,
  type DashboardMoney,
  type DashboardSummary,
  type DashboardToday,
  daysWithoutMenu,
  moneyFromLedger,
} from "@kantien/domain/dashboard";
import { dayRange, type IsoDate, todayIn } from "@kantien/domain/dates";
import {
  type AgeingThresholds,
  kitchenCounts,
  lateOrderCount,
  portionsToMake,
  serviceStartAt,
} from "@kantien/domain/kitchen-rules";
import { isAdminRole } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config";
import { type Db, queryRows, timestampColumn } from "../../db/client";
import { getCanteenRules } from "../canteen/rules";
import { countCustomers } from "../customers/service";
import { listKitchenOrders } from "../kitchen/queries";
import { waitingBankCreditCount } from "../money-in/bank-statements/credits";
import { listMenuDays } from "../orders/queries";
import { ledgerSums } from "../wallets/ledger-sums";
import { walletsOffLedger } from "../wallets/proof";

/** Latest orders and latest new users in the activity list: at most 5 entries. */
const ACTIVITY_ORDERS = 3;
const ACTIVITY_USERS = 2;

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

/**
 * Today's orders as the kitchen board counts them: the board's own query of the day and the
 * kitchen's rules, so both screens say the same numbers.
 */
async function ordersToday(
  db: Db,
  {
    today,
    now,
    timeZone,
    thresholds,
  }: {
    today: IsoDate;
    now: Date;
    timeZone: string;
    thresholds: AgeingThresholds & { kitchenServiceStart: string };
  },
): Promise<DashboardToday> {
  const orders = await listKitchenOrders(db, { date: today, timeZone });
  const late = lateOrderCount(orders, {
    serviceStart: serviceStartAt(today, thresholds.kitchenServiceStart, timeZone),
    now,
    thresholds,
  });
  return {
    date: today,
    toMake: portionsToMake(orders),
    orders: kitchenCounts(orders),
    late,
    lateMinutes: thresholds.kitchenLateMinutes,
  };
}

/**
 * Today's money from the ledger: one aggregate over the day's rows (counted when the money
 * moved, in the canteen's day), and the bank credits waiting for an admin.
 */
async function moneyToday(
  db: Db,
  { today, timeZone }: { today: IsoDate; timeZone: string },
): Promise<DashboardMoney> {
  const { start, end } = dayRange(today, timeZone);
  const [sums, bankCreditsWaiting] = await Promise.all([
    ledgerSums(db, { start, end }),
    waitingBankCreditCount(db),
  ]);
  return { ...moneyFromLedger(sums), bankCreditsWaiting };
}

/**
 * What today asks of the canteen, for staff and admins: today's orders and portions by the
 * kitchen's rules, low balances, days without a menu, and (admins only) today's money and the
 * wallets that do not match their ledger.
 */
export async function dashboardSummary(
  db: Db,
  { config, roleId }: { config: Config; roleId: number },
): Promise<DashboardSummary> {
  // One reading of the canteen's clock for the whole answer (decision 0027).
  const now = config.clock();
  const today = todayIn(config.timeZone, now);
  const rules = await getCanteenRules(db);
  const admin = isAdminRole(roleId);
  const [todayOrders, money, offLedger, lowBalances, menuDays, orders, users] = await Promise.all([
    // The canteen's rules hold its start of service and ageing thresholds, as the board reads them.
    ordersToday(db, { today, now, timeZone: config.timeZone, thresholds: rules }),
    admin ? moneyToday(db, { today, timeZone: config.timeZone }) : null,
    admin ? walletsOffLedger(db) : null,
    countCustomers(db, "low"),
    listMenuDays(db, today),
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
  return {
    today: todayOrders,
    money,
    walletsOffLedger: offLedger,
    lowBalances: { count: lowBalances, threshold: rules.lowBalanceThreshold },
    daysWithoutMenu: daysWithoutMenu(
      today,
      menuDays.map((day) => day.date),
    ),
    activity: activity.slice(0, ACTIVITY_ORDERS + ACTIVITY_USERS),
  };
}
