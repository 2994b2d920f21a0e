import { SALE_METHODS } from "@kantien/domain/counter-sales";
import { type LedgerSum, moneyFromLedger } from "@kantien/domain/dashboard";
import { dayRange, type IsoDate } from "@kantien/domain/dates";
import { MONEY_CHANNELS, REPORT_CHANNELS } from "@kantien/domain/money-channels";
import {
  addSales,
  type DayCounter,
  type DayReport,
  NO_SALES,
  PAYER_KINDS,
  type PayerKind,
  proveWallets,
  type SalesTotals,
} from "@kantien/domain/reports";
import { ROLE } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { ledgerSums } from "../wallets/ledger-sums";

const salesRow = z.object({
  name: z.string(),
  roleId: z.number().int(),
  status: z.string(),
  orders: z.number().int(),
  portions: z.number().int(),
  amount: z.string(),
});
const balancesRow = z.object({ opening: z.string(), closing: z.string() });

/** Sums the rows into one total per key, in the key's first-seen order. */
function totalsBy<K>(rows: readonly (SalesTotals & { key: K })[]): { key: K; totals: SalesTotals }[] {
  const byKey = new Map<K, SalesTotals>();
  for (const { key, ...totals } of rows) byKey.set(key, addSales(byKey.get(key) ?? NO_SALES, totals));
  return [...byKey].map(([key, totals]) => ({ key, totals }));
}

/**
 * A wallet `w`'s balance at `at`. One that has not moved since (`last_moved_at`, kept by a trigger
 * on the ledger) still holds it: its balance now. Else its ledger's own running balance says it:
 * the last row before `at`, read from the (user, time, id, balance) index alone. So the cost
 * grows with the wallets that moved since, not with the ledger.
 */
function walletBalanceAt(at: Date) {
  return sql`case when coalesce(w.last_moved_at, '-infinity') < ${at} then w.balance
    else coalesce((select t.balance_after from wallet_transactions t
                   where t.user_id = w.user_id and t.created_at < ${at}
                   order by t.created_at desc, t.id desc limit 1), 0) end`;
}

/** The sum of every wallet's balance at `at`. */
export function balancesAt(at: Date) {
  return sql`(select coalesce(sum(${walletBalanceAt(at)}), 0) from wallets w)`;
}

/** The day's orders by dish, role and status: portions on their delivery day (`orders_order_date_idx`). */
export function daySalesQuery(date: IsoDate) {
  return sql`select f.name, u.role_id as "roleId", o.status::text as status, count(*)::int as orders,
                    sum(o.food_item_quantity)::int as portions,
                    sum(o.food_item_price * o.food_item_quantity)::text as amount
             from orders o
             join food_items f on f.id = o.food_item_id
             join users u on u.id = o.user_id
             where o.order_date = ${date} and o.status not in ('cancelled', 'failed')
             group by f.name, u.role_id, o.status
             order by f.name, u.role_id, o.status`;
}

/**
 * The day's money in by who paid (decision 0068): top-ups by every channel and their reversals,
 * a reversal counted with the top-up it undoes. A guardian's payment into a learner's wallet
 * (`paid_by` someone other than the wallet's owner) is the guardian's; the rest counts by whose
 * wallet it went into.
 */
export function dayMoneyInByPayerQuery({ start, end }: { start: Date; end: Date }) {
  const channelKinds = sql.join(
    REPORT_CHANNELS.map((channel) => sql`${MONEY_CHANNELS[channel].kind}`),
    sql`, `,
  );
  return sql`select case when coalesce(t.paid_by, r.paid_by) is not null and coalesce(t.paid_by, r.paid_by) <> t.user_id
                           then 'guardian'
                         when u.role_id = ${ROLE.academyStaff} then 'staff'
                         else 'learner' end as payer,
                    sum(t.amount)::numeric(14, 2)::text as amount,
                    count(*) filter (where t.kind <> 'reversal')::int as count
             from wallet_transactions t
             join users u on u.id = t.user_id
             left join wallet_transactions r on r.id = t.reverses_id
             where t.created_at >= ${start} and t.created_at < ${end}
               and (t.kind in (${channelKinds}) or (t.kind = 'reversal' and r.kind in (${channelKinds})))
             group by 1`;
}

/**
 * The wallets' balances at the day's start and end. A wallet that moved in the day is read from
 * the day's own ledger (its first row's balance before, its last row's after), which the day's
 * money already reads through `wallet_transactions_created_at_idx`; only one that moved after the
 * day and not in it needs a look-up. So the cost grows with the day, not with the ledger.
 */
export function dayBalancesQuery({ start, end }: { start: Date; end: Date }) {
  return sql`with moved as (
               select user_id,
                      (array_agg(balance_after - amount order by created_at, id))[1] as opening,
                      (array_agg(balance_after order by created_at desc, id desc))[1] as closing
               from wallet_transactions
               where created_at >= ${start} and created_at < ${end}
               group by user_id)
             select coalesce(sum(coalesce(m.opening, ${walletBalanceAt(start)})), 0)::text as opening,
                    coalesce(sum(case when m.user_id is null then ${walletBalanceAt(end)}
                                      when coalesce(w.last_moved_at, '-infinity') < ${end} then w.balance
                                      else m.closing end), 0)::text as closing
             from wallets w left join moved m on m.user_id = w.user_id`;
}

const nameOf = (alias: string) => sql.raw(`coalesce(${alias}.first_name || ' ' || ${alias}.last_name, '')`);

/**
 * The counter's day (decision 0071): sales by method and by item, voided ones apart; the voids and
 * the changes of stock and of dishes' portions with why. Four reads: the sales through their
 * day's index, the few changes by their day.
 */
async function dayCounter(db: Db | Tx, date: IsoDate): Promise<DayCounter> {
  const methods = await queryRows(
    db,
    sql`select method,
          count(*) filter (where voided_at is null)::int as count,
          coalesce(sum(total) filter (where voided_at is null), 0)::numeric(14, 2)::text as amount,
          count(*) filter (where voided_at is not null)::int as "voidedCount",
          coalesce(sum(total) filter (where voided_at is not null), 0)::numeric(14, 2)::text as "voidedAmount"
        from counter_sales where date = ${date}::date group by method`,
    z.object({
      method: z.enum(SALE_METHODS),
      count: z.number(),
      amount: z.string(),
      voidedCount: z.number(),
      voidedAmount: z.string(),
    }),
  );
  const byItem = await queryRows(
    db,
    sql`select l.name, sum(l.quantity)::int as quantity,
          sum(l.quantity * l.unit_price)::numeric(14, 2)::text as amount
        from counter_sales s join counter_sale_lines l on l.sale_id = s.id
        where s.date = ${date}::date and s.voided_at is null
        group by l.name order by sum(l.quantity * l.unit_price) desc, l.name`,
    z.object({ name: z.string(), quantity: z.number(), amount: z.string() }),
  );
  const voids = await queryRows(
    db,
    sql`select s.number, s.method, s.total::text as total, s.void_reason as reason, ${nameOf("v")} as by,
          s.voided_at as at
        from counter_sales s left join users v on v.id = s.voided_by
        where s.date = ${date}::date and s.voided_at is not null order by s.voided_at, s.number`,
    z.object({
      number: z.number(),
      method: z.enum(SALE_METHODS),
      total: z.string(),
      reason: z.string(),
      by: z.string(),
      at: timestampColumn,
    }),
  );
  // A counter item's stock and a dish's portions, each change with why, in the order they came.
  const stockChanges = await queryRows(
    db,
    sql`select item, "from", "to", reason, by, at from (
          select i.name as item, c.from_quantity as "from", c.to_quantity as "to", c.reason, ${nameOf("u")} as by,
                 c.created_at as at, c.id
          from counter_stock_changes c join counter_items i on i.id = c.counter_item_id
          left join users u on u.id = c.changed_by
          where c.date = ${date}::date
          union all
          select f.name, d.from_portions, d.to_portions, d.reason, ${nameOf("u")}, d.created_at, d.id
          from dish_portion_changes d join food_items f on f.id = d.food_item_id
          left join users u on u.id = d.changed_by
          where d.date = ${date}::date) changes
        order by at, id`,
    z.object({
      item: z.string(),
      from: z.number().nullable(),
      to: z.number().nullable(),
      reason: z.string(),
      by: z.string(),
      at: timestampColumn,
    }),
  );
  // Summed in cents: the rand amounts of the methods' voided sales.
  const voided = {
    count: methods.reduce((count, row) => count + row.voidedCount, 0),
    amount: (
      methods.reduce((cents, row) => cents + Math.round(Number(row.voidedAmount) * 100), 0) / 100
    ).toFixed(2),
  };
  return {
    byMethod: Object.fromEntries(
      SALE_METHODS.map((method) => {
        const row = methods.find((candidate) => candidate.method === method);
        return [method, { count: row?.count ?? 0, amount: row?.amount ?? "0.00" }];
      }),
    ) as DayCounter["byMethod"],
    voided,
    byItem,
    voids,
    stockChanges,
  };
}

/**
 * A day's report (docs/decisions/0042-the-days-close.md): portions on their delivery day, money
 * when it moved, both in the canteen's day; and the wallet proof. Three queries, each through an
 * index, so its cost grows with the day and the wallets, not with the tables.
 */
export async function dayReport(
  db: Db | Tx,
  { date, timeZone }: { date: IsoDate; timeZone: string },
): Promise<DayReport> {
  const range = dayRange(date, timeZone);
  // One after the other: closing a day reads it in a transaction, whose one connection runs one
  // query at a time.
  const sales = await queryRows(db, daySalesQuery(date), salesRow);
  const ledger = await ledgerSums(db, range);
  const [balances] = await queryRows(db, dayBalancesQuery(range), balancesRow);
  const byPayer = await queryRows(
    db,
    dayMoneyInByPayerQuery(range),
    z.object({ payer: z.enum(PAYER_KINDS), amount: z.string(), count: z.number() }),
  );
  const money = moneyFromLedger(ledger.filter((sum) => sum.kind !== "order"));
  const ordersTook = ledger.find((sum) => sum.kind === "order")?.amount ?? "0";
  const paidOut = ledger.find((sum) => sum.kind === "payout")?.amount ?? "0";
  const totals = (rows: typeof sales) => rows.reduce<SalesTotals>((sum, row) => addSales(sum, row), NO_SALES);
  return {
    date,
    sales: totals(sales),
    byItem: totalsBy(sales.map((row) => ({ ...row, key: row.name })))
      .map(({ key, totals }) => ({ name: key, ...totals }))
      .sort((a, b) => b.portions - a.portions || a.name.localeCompare(b.name)),
    byRole: totalsBy(sales.map((row) => ({ ...row, key: row.roleId })))
      .map(({ key, totals }) => ({ roleId: key, ...totals }))
      .sort((a, b) => a.roleId - b.roleId),
    money,
    noShows: totals(sales.filter((row) => row.status === "ready")),
    moneyInByPayer: Object.fromEntries(
      PAYER_KINDS.map((payer) => {
        const row = byPayer.find((sum) => sum.payer === payer);
        return [payer, { amount: row?.amount ?? "0.00", count: row?.count ?? 0 }];
      }),
    ) as Record<PayerKind, LedgerSum>,
    counter: await dayCounter(db, date),
    walletProof: proveWallets({
      opening: balances!.opening,
      moneyIn: money.totalIn,
      // The ledger writes what orders took as debits: the proof counts it as a positive amount.
      orders: (-Number(ordersTook)).toFixed(2),
      refunds: money.refunds.amount,
      corrections: money.corrections.amount,
      // Written as debits too: the proof counts what was paid out as a positive amount.
      payouts: (-Number(paidOut)).toFixed(2),
      sumOfBalances: balances!.closing,
    }),
  };
}
