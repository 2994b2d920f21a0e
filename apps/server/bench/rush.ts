import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { dayRange, mondayOf } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { buildApp } from "../src/app";
import { type Database, queryRows } from "../src/db/client";
import { moveWalletMoney } from "../src/modules/wallets/ledger";
import { createUser, sessionCookieFor } from "../src/test/fixtures";
import { testConfig } from "../src/test/test-app";
import { weekItems } from "./fill";

/** DESIGN §10: 300 customers ordering within 30 s on PGlite, 0 errors, p99 ≤ 1 s. */
export const RUSH_BUDGET = { customers: 300, seconds: 30, p99Ms: 1000 };

export type RushResult = {
  customers: number;
  /** The arrival schedule's span: customer i's order leaves at i × seconds / customers. */
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Orders answered per second, from the first sent to the last answered. */
  perSecond: number;
  /** The rush customers' orders afterwards: all of them, the paid ones, and whose they are. */
  orders: number;
  paid: number;
  customersWithOrders: number;
  ledgerMatches: boolean;
  /** The first few refusals, to tell what went wrong. */
  errorSamples: string[];
};

/**
 * The break-time rush (DESIGN §10, §11): `customers` students and academy staff, each with
 * a funded wallet and a session, each place one order through POST /api/my/orders as the
 * ordering app sends it, on a fixed schedule spread over `seconds`; each request leaves at its
 * time whatever the others are doing. The canteen's clock stands on the Monday of `day`'s week
 * at 07:00, so Tuesday's and Wednesday's dishes of the bench catalogue are open to order.
 * Afterwards every rush customer's wallet must equal their ledger and exactly one paid order each.
 */
export async function breakTimeRush(
  database: Database,
  opts: { day: string; customers: number; seconds: number; adminId: string },
): Promise<RushResult> {
  const config = testConfig();
  const monday = mondayOf(opts.day);
  const opensAt = new Date(dayRange(monday, config.timeZone).start.getTime() + 7 * 3_600_000);
  config.clock = () => opensAt;
  const items = await weekItems(database.db, monday, ["Dinsdag", "Woensdag"]);
  if (items.length !== 2) throw new Error(`the bench week of ${monday} has no Tuesday and Wednesday dishes`);

  // A quarter are academy staff (role 2); each signed in, as a phone at break time is.
  const customers: { id: string; cookie: string; order: object }[] = [];
  for (let i = 0; i < opts.customers; i++) {
    const user = await createUser(database.db, {
      roleId: i % 4 === 3 ? 2 : 1,
      email: `rush${i}@bench.example`,
    });
    const item = items[i % items.length]!;
    customers.push({
      id: user.id,
      cookie: await sessionCookieFor(database.db, user.id),
      order: { foodItemId: item.id, deliveryDate: item.date, quantity: 1 + (i % 2) },
    });
  }
  await database.db.transaction(async (tx) => {
    for (const { id } of customers) {
      await moveWalletMoney(tx, { userId: id, amount: "300.00", kind: "top_up", createdBy: opts.adminId });
    }
  });

  const app = await buildApp({ config, database });
  const url = `${await app.listen({ port: 0, host: "127.0.0.1" })}/api/my/orders`;
  const spacingMs = (opts.seconds * 1000) / opts.customers;
  const started = performance.now();
  const answers = await Promise.all(
    customers.map(
      (customer, i) =>
        new Promise<{ status: number; ms: number; body: string }>((resolve) => {
          setTimeout(async () => {
            const sent = performance.now();
            try {
              // As the ordering app sends it: same-origin, JSON, a fresh key per order.
              const res = await fetch(url, {
                method: "POST",
                headers: {
                  cookie: customer.cookie,
                  "content-type": "application/json",
                  "sec-fetch-site": "same-origin",
                  "idempotency-key": randomUUID(),
                },
                body: JSON.stringify(customer.order),
              });
              const body = await res.text();
              resolve({ status: res.status, ms: performance.now() - sent, body });
            } catch (error) {
              resolve({ status: 0, ms: performance.now() - sent, body: String(error) });
            }
          }, i * spacingMs);
        }),
    ),
  );
  const span = (performance.now() - started) / 1000;
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });

  const [ledger] = await queryRows(
    database.db,
    sql`select count(*)::int as customers,
               count(*) filter (where w.balance = coalesce(l.sum, 0))::int as matching
        from users u join wallets w on w.user_id = u.id
        left join (select user_id, sum(amount) as sum from wallet_transactions group by user_id) l
          on l.user_id = u.id
        where u.email like 'rush%@bench.example'`,
    z.object({ customers: z.number(), matching: z.number() }),
  );
  const [orders] = await queryRows(
    database.db,
    sql`select count(*)::int as orders, count(*) filter (where o.status = 'paid')::int as paid,
               count(distinct o.user_id)::int as customers
        from orders o join users u on u.id = o.user_id
        where u.email like 'rush%@bench.example'`,
    z.object({ orders: z.number(), paid: z.number(), customers: z.number() }),
  );
  const failed = answers.filter((a) => a.status !== 201);
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    customers: opts.customers,
    seconds: opts.seconds,
    p50: round(percentile(ms, 0.5)),
    p99: round(percentile(ms, 0.99)),
    max: round(ms.at(-1) ?? 0),
    errors: failed.length,
    perSecond: Math.round((answers.length - failed.length) / span),
    orders: orders?.orders ?? 0,
    paid: orders?.paid ?? 0,
    customersWithOrders: orders?.customers ?? 0,
    ledgerMatches: ledger?.customers === opts.customers && ledger.matching === opts.customers,
    errorSamples: [...new Set(failed.map((a) => `${a.status} ${a.body.slice(0, 160)}`))].slice(0, 3),
  };
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function round(n: number) {
  return Math.round(n * 10) / 10;
}
