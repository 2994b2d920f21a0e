import { addDaysIso, dayRange, type IsoDate } from "@kantien/domain/dates";
import type { SalesGrouping, SalesReport } from "@kantien/domain/reports";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../db/client";
import { balancesAt } from "./day-report";

/** Dishes in the top list. */
const TOP_ITEMS = 10;

const periodRow = z.object({
  period: z.string(),
  orders: z.number().int(),
  portions: z.number().int(),
  amount: z.string(),
  cash: z.string(),
  card: z.string(),
  eft: z.string(),
  other: z.string(),
  moneyHeld: z.string(),
});
const itemRow = z.object({
  name: z.string(),
  orders: z.number().int(),
  portions: z.number().int(),
  amount: z.string(),
});

/**
 * Sales over a range by day, week (from Monday) or month: portions on their delivery day
 * (`orders_order_date_idx`), top-ups when the money moved (`wallet_transactions_created_at_idx`),
 * and the money held at each period's end: the wallets' balances at the range's start (each
 * wallet's last ledger row, as the day's proof reads them) plus what moved since.
 */
export async function salesReport(
  db: Db,
  { from, to, groupBy, timeZone }: { from: IsoDate; to: IsoDate; groupBy: SalesGrouping; timeZone: string },
): Promise<SalesReport> {
  const start = dayRange(from, timeZone).start;
  const end = dayRange(addDaysIso(to, 1), timeZone).start;
  const sold = sql`o.order_date between ${from} and ${to} and o.status not in ('cancelled', 'failed')`;
  const [series, topItems] = await Promise.all([
    queryRows(
      db,
      sql`with periods as (
            select generate_series(date_trunc(${groupBy}, ${from}::date), ${to}::date, ('1 ' || ${groupBy})::interval)::date as period
          ),
          sales as (
            select date_trunc(${groupBy}, o.order_date)::date as period, count(*)::int as orders,
                   sum(o.food_item_quantity)::int as portions, sum(o.food_item_price * o.food_item_quantity) as amount
            from orders o where ${sold}
            group by 1
          ),
          money as (
            select date_trunc(${groupBy}, (t.created_at at time zone ${timeZone})::date)::date as period,
                   coalesce(sum(t.amount) filter (where t.kind = 'cash'), 0) as cash,
                   coalesce(sum(t.amount) filter (where t.kind = 'card'), 0) as card,
                   coalesce(sum(t.amount) filter (where t.kind = 'eft'), 0) as eft,
                   coalesce(sum(t.amount) filter (where t.kind = 'top_up'), 0) as other,
                   sum(t.amount) as moved
            from wallet_transactions t where t.created_at >= ${start} and t.created_at < ${end}
            group by 1
          )
          select p.period::text as period, coalesce(s.orders, 0) as orders, coalesce(s.portions, 0) as portions,
                 coalesce(s.amount, 0)::numeric(12, 2)::text as amount,
                 coalesce(m.cash, 0)::numeric(12, 2)::text as cash, coalesce(m.card, 0)::numeric(12, 2)::text as card,
                 coalesce(m.eft, 0)::numeric(12, 2)::text as eft, coalesce(m.other, 0)::numeric(12, 2)::text as other,
                 (${balancesAt(start)} + sum(coalesce(m.moved, 0)) over (order by p.period))::numeric(12, 2)::text as "moneyHeld"
          from periods p left join sales s on s.period = p.period left join money m on m.period = p.period
          order by p.period`,
      periodRow,
    ),
    queryRows(
      db,
      sql`select f.name, count(*)::int as orders, sum(o.food_item_quantity)::int as portions,
                 sum(o.food_item_price * o.food_item_quantity)::numeric(12, 2)::text as amount
          from orders o join food_items f on f.id = o.food_item_id
          where ${sold}
          group by f.name
          order by portions desc, f.name
          limit ${TOP_ITEMS}`,
      itemRow,
    ),
  ]);
  const cents = (rand: string) => Math.round(Number(rand) * 100);
  return {
    from,
    to,
    groupBy,
    series: series.map(({ cash, card, eft, other, ...period }) => ({
      ...period,
      topUps: { cash, card, eft, other },
    })),
    totals: {
      orders: series.reduce((sum, p) => sum + p.orders, 0),
      portions: series.reduce((sum, p) => sum + p.portions, 0),
      amount: (series.reduce((sum, p) => sum + cents(p.amount), 0) / 100).toFixed(2),
    },
    topItems,
  };
}
