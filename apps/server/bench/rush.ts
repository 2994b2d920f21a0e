import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { dayRange, mondayOf } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { buildApp } from "../src/app";
import { type Database, queryRows } from "../src/db/client";
import { moveWalletMoney } from "../src/modules/wallets/ledger";
import { hashPassword, verifyPassword } from "../src/password-hash";
import { SESSION_COOKIE } from "../src/plugins/session";
import { CHEAP_ARGON2, createUser } from "../src/test/fixtures";
import { testConfig } from "../src/test/test-app";
import { weekItems } from "./fill";
import { percentile } from "./median";

/**
 * The budget: 300 customers, each signing in and ordering, all started within 10 s (a burst,
 * not a trickle) on PGlite; 0 errors, p99 of the orders ≤ 1 s, ledger = balances.
 */
export const RUSH_BUDGET = { customers: 300, seconds: 10, p99Ms: 1000 };

const RUSH_PASSWORD = "rush-wagwoord-1";

type Timing = { p50: number; p99: number; max: number };

export type RushResult = {
  customers: number;
  /** The arrival schedule's span: customer i signs in at i × seconds / customers, then orders. */
  seconds: number;
  /** The orders (POST /api/my/orders), from each one sent to its answer. */
  p50: number;
  p99: number;
  max: number;
  /** The sign-ins (POST /api/my/auth/login), from each one sent to its answer. */
  signIn: Timing;
  /** "production": the passwords' hash has the server's own Argon2id parameters; "cheap": the fixtures'. */
  hash: "production" | "cheap";
  /** One sign-in's password check alone, before the rush (ms of wall time). */
  oneHashMs: number;
  /** CPU time this process spent during the rush (server and its client together), in seconds. */
  cpuSeconds: number;
  /** From the first sign-in sent to the last order answered. */
  spanSeconds: number;
  /** Sign-ins and orders refused or failed. */
  signInErrors: number;
  errors: number;
  /** Orders answered per second, from the first sign-in sent to the last order answered. */
  perSecond: number;
  /** The rush customers' orders afterwards: all of them, the paid ones, and whose they are. */
  orders: number;
  paid: number;
  customersWithOrders: number;
  ledgerMatches: boolean;
  /** The first few refusals, to tell what went wrong. */
  errorSamples: string[];
};

type Answer = { status: number; ms: number; body: string; cookie: string | null };

/**
 * The break-time rush : `customers` students and academy staff, each with a
 * funded wallet and a password, each sign in through POST /api/my/auth/login and, with the
 * session cookie that answer sets, place one order through POST /api/my/orders as the ordering
 * app sends it. Customer i starts at i × `seconds` / `customers` whatever the others are doing.
 * Every phone is on the school's network, so they all reach the server from one address: the
 * server trusts the loopback proxy (TRUST_PROXY) and each sends the school's X-Forwarded-For. A
 * sign-in counts towards that address's limit until its password has been checked (decision
 * 0056), so the burst also shows the limit leaves room for a school.
 * The passwords are hashed with the server's Argon2id parameters when `productionHash` (each
 * sign-in then costs a full hash: the rush measures that too), else with the fixtures' cheap ones.
 * The canteen's clock stands on the Monday of `day`'s week at 07:00, so Tuesday's and
 * Wednesday's dishes of the bench catalogue are open to order.
 * Afterwards every rush customer's wallet must equal their ledger and exactly one paid order each.
 */
/** The school network's one public address, as the proxy forwards it. */
const SCHOOL_ADDRESS = "198.51.100.20";

export async function breakTimeRush(
  database: Database,
  opts: { day: string; customers: number; seconds: number; adminId: string; productionHash: boolean },
): Promise<RushResult> {
  const config = testConfig({ trustProxy: "loopback" });
  const monday = mondayOf(opts.day);
  const opensAt = new Date(dayRange(monday, config.timeZone).start.getTime() + 7 * 3_600_000);
  config.clock = () => opensAt;
  const items = await weekItems(database.db, monday, ["Dinsdag", "Woensdag"]);
  if (items.length !== 2) throw new Error(`the bench week of ${monday} has no Tuesday and Wednesday dishes`);

  // A quarter are academy staff (role 2). One hash for all: the same password, and a full
  // hash costs tens of milliseconds of CPU, which the sign-ins should spend, not the set-up.
  const passwordHash = await hashPassword(RUSH_PASSWORD, opts.productionHash ? undefined : CHEAP_ARGON2);
  const customers: { id: string; email: string; order: object }[] = [];
  for (let i = 0; i < opts.customers; i++) {
    const email = `rush${i}@bench.example`;
    const user = await createUser(database.db, { roleId: i % 4 === 3 ? 2 : 1, email, password: null });
    const item = items[i % items.length]!;
    customers.push({
      id: user.id,
      email,
      order: { foodItemId: item.id, deliveryDate: item.date, quantity: 1 + (i % 2) },
    });
  }
  await database.db.execute(
    sql`update users set password_hash = ${passwordHash} where email like 'rush%@bench.example'`,
  );
  await database.db.transaction(async (tx) => {
    for (const { id } of customers) {
      await moveWalletMoney(tx, {
        userId: id,
        amount: "300.00",
        kind: "top_up",
        createdBy: opts.adminId,
        at: new Date(),
      });
    }
  });
  const hashStarted = performance.now();
  await verifyPassword(RUSH_PASSWORD, passwordHash);
  const oneHashMs = performance.now() - hashStarted;

  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  // As the ordering app sends it: same-origin JSON, from the school's address.
  const post = async (url: string, headers: Record<string, string>, body: object): Promise<Answer> => {
    const sent = performance.now();
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body: JSON.stringify(body),
      });
      const cookie =
        res.headers
          .getSetCookie()
          .map((c) => c.split(";")[0]!)
          .find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? null;
      return { status: res.status, ms: performance.now() - sent, body: await res.text(), cookie };
    } catch (error) {
      return { status: 0, ms: performance.now() - sent, body: String(error), cookie: null };
    }
  };
  const spacingMs = (opts.seconds * 1000) / opts.customers;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const answers = await Promise.all(
    customers.map(
      (customer, i) =>
        new Promise<{ signIn: Answer; order: Answer | null }>((resolve) => {
          setTimeout(async () => {
            const phone = { "x-forwarded-for": SCHOOL_ADDRESS };
            const signIn = await post(`${base}/api/my/auth/login`, phone, {
              email: customer.email,
              password: RUSH_PASSWORD,
            });
            if (signIn.status !== 200 || !signIn.cookie) return resolve({ signIn, order: null });
            const order = await post(
              `${base}/api/my/orders`,
              { ...phone, cookie: signIn.cookie, "idempotency-key": randomUUID() },
              customer.order,
            );
            resolve({ signIn, order });
          }, i * spacingMs);
        }),
    ),
  );
  const span = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
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
  const signIns = answers.map((a) => a.signIn);
  const placed = answers.flatMap((a) => (a.order ? [a.order] : []));
  const refusedSignIns = signIns.filter((a) => a.status !== 200 || !a.cookie);
  const refusedOrders = placed.filter((a) => a.status !== 201);
  const orderTiming = timing(placed);
  return {
    customers: opts.customers,
    seconds: opts.seconds,
    ...orderTiming,
    signIn: timing(signIns),
    hash: opts.productionHash ? "production" : "cheap",
    oneHashMs: round(oneHashMs),
    cpuSeconds: round((cpu.user + cpu.system) / 1e6),
    spanSeconds: round(span),
    signInErrors: refusedSignIns.length,
    // A customer whose sign-in failed placed no order: that order failed too.
    errors: refusedSignIns.length + refusedOrders.length,
    perSecond: Math.round((placed.length - refusedOrders.length) / span),
    orders: orders?.orders ?? 0,
    paid: orders?.paid ?? 0,
    customersWithOrders: orders?.customers ?? 0,
    ledgerMatches: ledger?.customers === opts.customers && ledger.matching === opts.customers,
    errorSamples: [
      ...new Set([
        ...refusedSignIns.map((a) => `sign-in ${a.status} ${a.body.slice(0, 160)}`),
        ...refusedOrders.map((a) => `order ${a.status} ${a.body.slice(0, 160)}`),
      ]),
    ].slice(0, 3),
  };
}

function timing(answers: Answer[]): Timing {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return { p50: round(percentile(ms, 0.5)), p99: round(percentile(ms, 0.99)), max: round(ms.at(-1) ?? 0) };
}

function round(n: number) {
  return Math.round(n * 10) / 10;
}
