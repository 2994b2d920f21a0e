import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { dayRange, mondayOf } from "@kantien/domain/dates";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { buildApp } from "../src/app";
import { type Database, queryRows } from "../src/db/client";
import { counterItemStock, counterItems, foodItems } from "../src/db/schema";
import { moveWalletMoney } from "../src/modules/wallets/ledger";
import { createUser, sessionCookieFor } from "../src/test/fixtures";
import { testConfig } from "../src/test/test-app";
import { weekItems } from "./fill";
import { percentile } from "./median";

/**
 * The budget (docs/decisions/0071-the-counter-sells.md): a break of 300 counter sales from two
 * counters and 300 pre-orders at once, the sales' p99 ≤ 200 ms, nothing oversold, every wallet
 * equal to its ledger. The issue's break lasts 10 minutes; the bench sends it all within
 * `seconds` (a harder load: what passes here passes spread over a break).
 */
export const COUNTER_BUDGET = { sales: 300, preorders: 300, p99Ms: 200 };

/**
 * What is capped, and so can sell out during the break, at the budget's counts: each is offered
 * more than it has. A smaller break (npm test's) caps each in the same proportion (`capsFor`).
 */
const CAPS_AT_BUDGET = { muffins: 80, dish: 90, tomorrow: 250 };

function capsFor(sales: number, preorders: number) {
  const scaled = (cap: number, count: number, budget: number) =>
    Math.max(1, Math.ceil((cap * count) / budget));
  return {
    muffins: scaled(CAPS_AT_BUDGET.muffins, sales, COUNTER_BUDGET.sales),
    dish: scaled(CAPS_AT_BUDGET.dish, sales, COUNTER_BUDGET.sales),
    tomorrow: scaled(CAPS_AT_BUDGET.tomorrow, preorders, COUNTER_BUDGET.preorders),
  };
}

type Answer = { status: number; ms: number; body: string };

export type CounterBreakResult = {
  sales: number;
  preorders: number;
  seconds: number;
  /** The sales (POST /api/counter/sales), each from sent to answered. */
  p50: number;
  p99: number;
  max: number;
  /** The pre-orders (POST /api/my/orders). */
  preorderP99: number;
  sold: number;
  soldOut: number;
  preordered: number;
  preorderSoldOut: number;
  /** Anything but 201 or a 409 sold_out. */
  errors: number;
  /** What was sold or ordered beyond each cap (must be 0), and whether each cap was reached exactly. */
  oversold: number;
  capsReached: boolean;
  ledgerMatches: boolean;
  errorSamples: string[];
};

/**
 * A break at the counter: two counters (two cooks' sessions) sell `sales` baskets of a juice and,
 * by turns, a muffin (stock `caps.muffins`) or the day's dish (`caps.dish` portions), half from a
 * learner's wallet and half for cash; meanwhile `preorders` learners order tomorrow's dish
 * (`caps.tomorrow` portions) through the ordering app. The canteen's clock stands on the
 * Monday of `day`'s week at 10:00. Afterwards: what was sold equals each cap, never more, and
 * every learner's wallet equals their ledger.
 */
export async function counterBreak(
  database: Database,
  opts: { day: string; sales: number; preorders: number; seconds: number; adminId: string },
): Promise<CounterBreakResult> {
  const db = database.db;
  const config = testConfig();
  const monday = mondayOf(opts.day);
  const now = new Date(dayRange(monday, config.timeZone).start.getTime() + 10 * 3_600_000);
  config.clock = () => now;
  const caps = capsFor(opts.sales, opts.preorders);
  const [today, tomorrow] = await weekItems(db, monday, ["Maandag", "Dinsdag"]);
  if (!today || !tomorrow) throw new Error(`the bench week of ${monday} has no Monday and Tuesday dishes`);
  // The bench's dishes have orders already: each cap is what they take now plus what the break may.
  const before = await takenOf(database, { today: today.id, tomorrow: tomorrow.id, muffin: null });
  await db
    .update(foodItems)
    .set({ portions: before.dish + caps.dish, soldAtCounter: true })
    .where(eq(foodItems.id, today.id));
  await db
    .update(foodItems)
    .set({ portions: before.tomorrow + caps.tomorrow })
    .where(eq(foodItems.id, tomorrow.id));
  const [muffin, juice] = await db
    .insert(counterItems)
    .values([
      { name: `Bench-muffin ${randomUUID()}`, price: "15.00", allergensCheckedAt: now },
      { name: `Bench-sap ${randomUUID()}`, price: "12.00", allergensCheckedAt: now },
    ])
    .returning({ id: counterItems.id });
  await db
    .insert(counterItemStock)
    .values({ counterItemId: muffin!.id, date: today.date, quantity: caps.muffins });

  const learners: { id: string; cookie: string }[] = [];
  for (let i = 0; i < Math.max(opts.preorders, Math.ceil(opts.sales / 2)); i++) {
    const user = await createUser(db, { roleId: 1, email: `break${i}@bench.example`, password: null });
    learners.push({ id: user.id, cookie: await sessionCookieFor(db, user.id, now) });
  }
  await db.transaction(async (tx) => {
    for (const { id } of learners) {
      await moveWalletMoney(tx, {
        userId: id,
        amount: "500.00",
        kind: "top_up",
        createdBy: opts.adminId,
        at: now,
      });
    }
  });
  const counters = await Promise.all(
    [0, 1].map(async () => sessionCookieFor(db, (await createUser(db, { roleId: 3 })).id, now)),
  );

  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const post = async (url: string, cookie: string, body: object): Promise<Answer> => {
    const sent = performance.now();
    try {
      const res = await fetch(`${base}${url}`, {
        method: "POST",
        headers: {
          cookie,
          "content-type": "application/json",
          "sec-fetch-site": "same-origin",
          "idempotency-key": randomUUID(),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, ms: performance.now() - sent, body: await res.text() };
    } catch (error) {
      return { status: 0, ms: performance.now() - sent, body: String(error) };
    }
  };
  const sale = (i: number) =>
    post("/api/counter/sales", counters[i % 2]!, {
      lines: [
        { counterItemId: juice!.id, quantity: 1 },
        ...(i % 2 === 0
          ? [{ counterItemId: muffin!.id, quantity: 1 }]
          : [{ foodItemId: today.id, quantity: 1 }]),
      ],
      payment:
        i % 4 < 2 ? { method: "wallet", customerId: learners[i % learners.length]!.id } : { method: "cash" },
    });
  const preorder = (i: number) =>
    post("/api/my/orders", learners[i]!.cookie, {
      foodItemId: tomorrow.id,
      deliveryDate: tomorrow.date,
      quantity: 1,
    });

  const at = (i: number, count: number) => (i * opts.seconds * 1000) / count;
  const later = <T>(ms: number, work: () => Promise<T>) =>
    new Promise<T>((resolve) => setTimeout(() => void work().then(resolve), ms));
  const [sales, preorders] = await Promise.all([
    Promise.all(Array.from({ length: opts.sales }, (_, i) => later(at(i, opts.sales), () => sale(i)))),
    Promise.all(
      Array.from({ length: opts.preorders }, (_, i) => later(at(i, opts.preorders), () => preorder(i))),
    ),
  ]);
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });

  const soldOut = (a: Answer) => a.status === 409 && a.body.includes('"sold_out"');
  const failed = [...sales, ...preorders].filter((a) => a.status !== 201 && !soldOut(a));
  const after = await takenOf(database, { today: today.id, tomorrow: tomorrow.id, muffin: muffin!.id });
  const taken = {
    muffins: after.muffins,
    dish: after.dish - before.dish,
    tomorrow: after.tomorrow - before.tomorrow,
  };
  const [ledger] = await queryRows(
    db,
    sql`select count(*)::int as wallets, count(*) filter (where w.balance = coalesce(l.sum, 0))::int as matching
        from users u join wallets w on w.user_id = u.id
        left join (select user_id, sum(amount) as sum from wallet_transactions group by user_id) l on l.user_id = u.id
        where u.email like 'break%@bench.example'`,
    z.object({ wallets: z.number(), matching: z.number() }),
  );
  const sorted = (answers: Answer[]) => answers.map((a) => a.ms).sort((a, b) => a - b);
  const saleMs = sorted(sales);
  const offered = {
    muffins: Math.ceil(opts.sales / 2),
    dish: Math.floor(opts.sales / 2),
    tomorrow: opts.preorders,
  };
  return {
    sales: opts.sales,
    preorders: opts.preorders,
    seconds: opts.seconds,
    p50: round(percentile(saleMs, 0.5)),
    p99: round(percentile(saleMs, 0.99)),
    max: round(saleMs.at(-1) ?? 0),
    preorderP99: round(percentile(sorted(preorders), 0.99)),
    sold: sales.filter((a) => a.status === 201).length,
    soldOut: sales.filter(soldOut).length,
    preordered: preorders.filter((a) => a.status === 201).length,
    preorderSoldOut: preorders.filter(soldOut).length,
    errors: failed.length,
    oversold: (["muffins", "dish", "tomorrow"] as const).reduce(
      (sum, cap) => sum + Math.max(0, taken[cap] - caps[cap]),
      0,
    ),
    // Each cap offered more than it had is sold to the last one, no fewer.
    capsReached: (["muffins", "dish", "tomorrow"] as const).every(
      (cap) => taken[cap] === Math.min(caps[cap], offered[cap]),
    ),
    ledgerMatches:
      ledger !== undefined && ledger.wallets === learners.length && ledger.matching === ledger.wallets,
    errorSamples: [...new Set(failed.map((a) => `${a.status} ${a.body.slice(0, 160)}`))].slice(0, 3),
  };
}

/** What the muffin's sales and each dish's orders and sales not undone take now. */
async function takenOf(
  database: Database,
  ids: { today: string; tomorrow: string; muffin: string | null },
): Promise<{ muffins: number; dish: number; tomorrow: number }> {
  const sold = (column: "counter_item_id" | "food_item_id", id: string | null) =>
    sql`(select coalesce(sum(l.quantity), 0)::int from counter_sale_lines l join counter_sales s on s.id = l.sale_id
         where l.${sql.raw(column)} = ${id} and s.voided_at is null)`;
  const ordered = (id: string) =>
    sql`(select coalesce(sum(o.food_item_quantity), 0)::int from orders o
         where o.food_item_id = ${id} and o.status not in ('cancelled', 'failed'))`;
  const [row] = await queryRows(
    database.db,
    sql`select ${sold("counter_item_id", ids.muffin)} as muffins,
          ${sold("food_item_id", ids.today)} + ${ordered(ids.today)} as dish,
          ${sold("food_item_id", ids.tomorrow)} + ${ordered(ids.tomorrow)} as tomorrow`,
    z.object({ muffins: z.number(), dish: z.number(), tomorrow: z.number() }),
  );
  if (!row) throw new Error("nothing read of what is taken");
  return row;
}

function round(n: number) {
  return Math.round(n * 10) / 10;
}
