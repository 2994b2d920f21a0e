import { addDaysIso, dayRange } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryPlanRow, queryRows } from "../src/db/client";
import { dayBalancesQuery, daySalesQuery } from "../src/modules/reports/day-report";
import { salesSeriesQuery, topItemsQuery } from "../src/modules/reports/sales";
import { ledgerSumsQuery } from "../src/modules/wallets/ledger-sums";
import { median } from "./median";

/**
 * The budgets of the reports (docs/decisions/0042-the-days-close.md): a day's report out of
 * 1,000,000 orders within 1.2× of the same day out of 10,000, and a year's sales by month within
 * 500 ms on PostgreSQL (the median answer of GET /api/reports/sales).
 */
export const REPORTS_BUDGET = { ratio: 1.2, salesYearMs: 500 };

/** Times through HTTP: the median of `times` answers, one at a time, after one to warm up. */
const SALES_TIMES = 7;

export type ReportsResult = {
  /** The day's report as a query: out of the small table, out of the full one (mean ms). */
  dayMs: { small: number; full: number; ratio: number };
  /** GET /api/reports/sales for a year by month: the median answer in ms. */
  salesYearMs: number;
  salesYearOrders: number;
  /** The day's wallet proof balanced through the API, on the bench's ledger. */
  balanced: boolean;
  /** EXPLAIN ANALYZE of each query, by name. */
  plans: Record<string, string>;
};

type Check = (ok: boolean, what: string) => void;

/** The year the sales report is timed over: the 365 days up to `day`. */
export function salesYear(day: string) {
  return { from: addDaysIso(day, -364), to: day, groupBy: "month" as const };
}

/**
 * Right answers through the API (the day balances, the year's orders match SQL), then the year's
 * sales timed, then the plans of the day's three queries and the sales' two. The day's queries
 * must not scan orders or the ledger: a scan would grow with the table.
 */
export async function benchReports(
  db: Db,
  opts: {
    backend: string;
    base: string;
    headers: Record<string, string>;
    day: string;
    timeZone: string;
    dayMs: { small: number; full: number };
    check: Check;
  },
): Promise<ReportsResult> {
  const { backend, base, headers, day, timeZone, check } = opts;
  const get = async <T>(url: string): Promise<T | null> => {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { data: T };
    check(res.ok, `[${backend}] ${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    return res.ok ? body.data : null;
  };

  const report = await get<{ walletProof: { balanced: boolean } }>(`${base}/api/reports/day?date=${day}`);
  const balanced = report?.walletProof.balanced === true;
  check(
    balanced,
    `[${backend}] the day's wallet proof does not balance: ${JSON.stringify(report?.walletProof)}`,
  );

  const year = salesYear(day);
  const salesUrl = `${base}/api/reports/sales?${new URLSearchParams(year)}`;
  const [sold] = await queryRows(
    db,
    sql`select count(*)::int as n from orders
        where order_date between ${year.from}::date and ${year.to}::date and status not in ('cancelled', 'failed')`,
    z.object({ n: z.number() }),
  );
  const sales = await get<{ totals: { orders: number } }>(salesUrl);
  check(
    sales?.totals.orders === sold?.n,
    `[${backend}] a year's sales counted ${sales?.totals.orders} orders, not ${sold?.n}`,
  );
  const times: number[] = [];
  for (let i = 0; i < SALES_TIMES; i++) {
    const started = performance.now();
    await get(salesUrl);
    times.push(performance.now() - started);
  }

  const range = dayRange(day, timeZone);
  const salesRange = { ...year, timeZone };
  const queries = {
    daySales: daySalesQuery(day),
    dayLedger: ledgerSumsQuery(range),
    dayBalances: dayBalancesQuery(range),
    salesSeries: salesSeriesQuery(salesRange),
    salesTopItems: topItemsQuery(salesRange),
  };
  const plans: Record<string, string> = {};
  for (const [name, query] of Object.entries(queries)) {
    const rows = await queryRows(db, sql`explain analyze ${query}`, queryPlanRow);
    plans[name] = rows.map((r) => r["QUERY PLAN"]).join("\n");
  }
  for (const name of ["daySales", "dayLedger", "dayBalances"]) {
    check(
      !/Seq Scan on (orders|wallet_transactions)/.test(plans[name] ?? ""),
      `[${backend}] the day report's ${name} plan scans a table:\n${plans[name]}`,
    );
  }

  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    dayMs: {
      small: round(opts.dayMs.small),
      full: round(opts.dayMs.full),
      ratio: round(opts.dayMs.full / opts.dayMs.small),
    },
    salesYearMs: round(median(times) ?? 0),
    salesYearOrders: sold?.n ?? 0,
    balanced,
    plans,
  };
}
