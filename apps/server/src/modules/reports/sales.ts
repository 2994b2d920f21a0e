import { addDaysIso, dayRange, type IsoDate } from "@kantien/domain/dates";
import { LEDGER_KINDS, MONEY_CHANNELS, perReportChannel } from "@kantien/domain/money-channels";
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
  /** The money that came in by each ledger kind, as the database's JSON text: `{"cash":"200.00"}`. */
  byKind: z
    .string()
    .transform((text) => JSON.parse(text) as unknown)
    .pipe(z.partialRecord(z.enum(LEDGER_KINDS), z.string())),
  moneyHeld: z.string(),
});
const itemRow = z.object({
  name: z.string(),
  orders: z.number().int(),
  portions: z.number().int(),
  amount: z.string(),
});

type SalesRange = { from: IsoDate; to: IsoDate; groupBy: SalesGrouping; timeZone: string };

/**
 * Sales over a range by day, week (from Monday) or month, from the totals the database keeps
 * (`sales_totals`, `ledger_totals`; migration 0019), so a year costs its days, not its orders:
 * portions on their delivery day, top-ups when the money moved (a day in the canteen's time is
 * whole quarter hours) by the ledger's kind, which `salesReport` maps to channels, and the money
 * held at each period's end: the wallets' balances at the range's start (each wallet's last ledger
 * row, as the day's proof reads them) plus what moved since.
 */
export function salesSeriesQuery({ from, to, groupBy, timeZone }: SalesRange) {
  const start = dayRange(from, timeZone).start;
  const end = dayRange(addDaysIso(to, 1), timeZone).start;
  return sql`with periods as (
      select generate_series(date_trunc(${groupBy}, ${from}::date), ${to}::date, ('1 ' || ${groupBy})::interval)::date as period
    ),
    sales as (
      select date_trunc(${groupBy}, s.order_date)::date as period, sum(s.orders)::int as orders,
             sum(s.portions)::int as portions, sum(s.amount) as amount
      from sales_totals s where s.order_date between ${from} and ${to}
      group by 1
    ),
    by_kind as (
      select date_trunc(${groupBy}, (t.quarter at time zone ${timeZone})::date)::date as period, t.kind,
             sum(t.amount) as amount
      from ledger_totals t where t.quarter >= ${start} and t.quarter < ${end}
      group by 1, 2
    ),
    money as (
      select period, json_object_agg(kind, amount::numeric(12, 2)::text) as by_kind, sum(amount) as moved
      from by_kind group by 1
    )
    select p.period::text as period, coalesce(s.orders, 0) as orders, coalesce(s.portions, 0) as portions,
           coalesce(s.amount, 0)::numeric(12, 2)::text as amount,
           coalesce(m.by_kind, '{}')::text as "byKind",
           (${balancesAt(start)} + sum(coalesce(m.moved, 0)) over (order by p.period))::numeric(12, 2)::text as "moneyHeld"
    from periods p left join sales s on s.period = p.period left join money m on m.period = p.period
    order by p.period`;
}

/** The range's most sold dishes, from the same totals. */
export function topItemsQuery({ from, to }: SalesRange) {
  return sql`select f.name, sum(s.orders)::int as orders, sum(s.portions)::int as portions,
                    sum(s.amount)::numeric(12, 2)::text as amount
             from sales_totals s join food_items f on f.id = s.food_item_id
             where s.order_date between ${from} and ${to}
             group by f.name
             having sum(s.orders) > 0
             order by portions desc, f.name
             limit ${TOP_ITEMS}`;
}

/**
 * The counter's sales of the range by period and how paid, voided ones left out (decision 0071),
 * every period of the range; through the sales' (date, number) index.
 */
function counterSeriesQuery({ from, to, groupBy }: SalesRange) {
  return sql`with periods as (
      select generate_series(date_trunc(${groupBy}, ${from}::date), ${to}::date, ('1 ' || ${groupBy})::interval)::date as period
    ),
    sold as (
      select date_trunc(${groupBy}, s.date)::date as period, count(*)::int as sales,
             coalesce(sum(s.total) filter (where s.method = 'wallet'), 0) as wallet,
             coalesce(sum(s.total) filter (where s.method = 'cash'), 0) as cash,
             coalesce(sum(s.total) filter (where s.method = 'card'), 0) as card
      from counter_sales s where s.date between ${from}::date and ${to}::date and s.voided_at is null
      group by 1
    )
    select p.period::text as period, coalesce(s.sales, 0) as sales,
           coalesce(s.wallet, 0)::numeric(12, 2)::text as wallet, coalesce(s.cash, 0)::numeric(12, 2)::text as cash,
           coalesce(s.card, 0)::numeric(12, 2)::text as card
    from periods p left join sold s on s.period = p.period
    order by p.period`;
}

/** What the counter sold most in the range, by quantity: at most 10. */
function counterTopItemsQuery({ from, to }: SalesRange) {
  return sql`select l.name, sum(l.quantity)::int as quantity, sum(l.quantity * l.unit_price)::numeric(12, 2)::text as amount
             from counter_sales s join counter_sale_lines l on l.sale_id = s.id
             where s.date between ${from}::date and ${to}::date and s.voided_at is null
             group by l.name order by quantity desc, l.name limit ${TOP_ITEMS}`;
}

/** The sales report: the series for the charts and the top dishes, and the counter's. */
export async function salesReport(db: Db, range: SalesRange): Promise<SalesReport> {
  const { from, to, groupBy } = range;
  const [series, topItems, counterSeries, counterTop] = await Promise.all([
    queryRows(db, salesSeriesQuery(range), periodRow),
    queryRows(db, topItemsQuery(range), itemRow),
    queryRows(
      db,
      counterSeriesQuery(range),
      z.object({
        period: z.string(),
        sales: z.number(),
        wallet: z.string(),
        cash: z.string(),
        card: z.string(),
      }),
    ),
    queryRows(
      db,
      counterTopItemsQuery(range),
      z.object({ name: z.string(), quantity: z.number(), amount: z.string() }),
    ),
  ]);
  const cents = (rand: string) => Math.round(Number(rand) * 100);
  return {
    from,
    to,
    groupBy,
    series: series.map(({ byKind, ...period }) => ({
      ...period,
      topUps: perReportChannel((channel) => byKind[MONEY_CHANNELS[channel].kind] ?? "0.00"),
    })),
    totals: {
      orders: series.reduce((sum, p) => sum + p.orders, 0),
      portions: series.reduce((sum, p) => sum + p.portions, 0),
      amount: (series.reduce((sum, p) => sum + cents(p.amount), 0) / 100).toFixed(2),
    },
    topItems,
    counter: {
      series: counterSeries.map(({ period, sales, wallet, cash, card }) => ({
        period,
        sales,
        byMethod: { wallet, cash, card },
      })),
      topItems: counterTop,
    },
  };
}
