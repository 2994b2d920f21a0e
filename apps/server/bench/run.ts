/**
 * `npm run bench`: the budgets of DESIGN §10, measured.
 *   - fills 1,000,000 orders over two years on PostgreSQL (and a smaller count on PGlite);
 *   - the kitchen's orders of one 300-order day under 50 (and 10) concurrent connections,
 *     against a trivial route and a bare route running the same SQL on the same server;
 *   - one day's kitchen query out of 10,000 orders versus out of the full table;
 *   - the orders summary: one page of a week, a name search over a week and over the whole
 *     table (p50, p99 at 10 connections), and its query plans;
 *   - 200 simultaneous orders paid from 200 wallets (throughput; errors must be 0);
 *   - the gzipped JavaScript that /login loads.
 * Settings: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local server),
 * BENCH_ORDERS (1000000), BENCH_PGLITE_ORDERS (100000), BENCH_SECONDS (10).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { addDaysIso, mondayOf, todayIn } from "@kantien/domain/dates";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { z } from "zod";
import { buildApp } from "../src/app";
import { type Database, openPglite, openPostgres, queryPlanRow, queryRows } from "../src/db/client";
import { sessions } from "../src/db/schema";
import { listKitchenOrders } from "../src/modules/kitchen/queries";
import { ordersCountQuery, ordersPageQuery, resolveFilter } from "../src/modules/orders/queries";
import { moveWalletMoney } from "../src/modules/wallets/ledger";
import { hashToken } from "../src/plugins/session";
import { createUser } from "../src/test/fixtures";
import { testConfig } from "../src/test/test-app";
import { addHistory, addKitchenDay, countOrders, fillCatalogue, futureMenuItem } from "./fill";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const PGLITE_ORDERS = Number(process.env.BENCH_PGLITE_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DAY_ORDERS = 300;
const SUMMARY_SECONDS = Number(process.env.BENCH_SUMMARY_SECONDS ?? 5);
const CREATIONS = 200;
const SMALL_TABLE = 10_000;
const root = path.resolve(import.meta.dirname, "../../..");

type Load = { connections: number; rps: number; p50: number; p99: number; kb: number };
type BackendResult = {
  backend: string;
  orders: number;
  fillSeconds: number;
  queryMs: { small: number; full: number; ratio: number };
  trivial: Load;
  bareSql: Load;
  kitchen: Load;
  kitchen10: Load;
  summary: { page: Load; searchWeek: Load; searchAll: Load; plans: Record<string, string> };
  creations: { count: number; seconds: number; perSecond: number; errors: number; ledgerMatches: boolean };
};

async function timeQuery(run: () => Promise<unknown>, times = 50): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const started = performance.now();
  for (let i = 0; i < times; i++) await run();
  return (performance.now() - started) / times;
}

async function load(
  url: string,
  connections: number,
  headers: Record<string, string> = {},
  duration = SECONDS,
): Promise<Load> {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    kb: Math.round(result.throughput.average / result.requests.average / 102.4) / 10,
  };
}

async function benchBackend(backend: "postgres" | "pglite", orderCount: number): Promise<BackendResult> {
  let database: Database;
  let dropDatabase = async () => {};
  if (backend === "postgres") {
    const adminUrl =
      process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `kantien_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 20);
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    };
  } else {
    database = await openPglite(null);
  }

  try {
    const config = testConfig();
    const day = todayIn(config.timeZone);
    const kitchenQuery = () => listKitchenOrders(database.db, { date: day, timeZone: config.timeZone });

    console.log(`[${backend}] filling ${SMALL_TABLE.toLocaleString()} orders…`);
    const fillStart = performance.now();
    await fillCatalogue(database.db, day);
    await addKitchenDay(database.db, day, DAY_ORDERS);
    await addHistory(database.db, { excludeDay: day, count: SMALL_TABLE - DAY_ORDERS, offset: 0 });
    const small = await timeQuery(kitchenQuery);
    console.log(`[${backend}] filling to ${orderCount.toLocaleString()} orders…`);
    await addHistory(database.db, { excludeDay: day, count: orderCount - SMALL_TABLE, offset: SMALL_TABLE });
    const fillSeconds = Math.round((performance.now() - fillStart) / 100) / 10;
    const orders = await countOrders(database.db);
    const full = await timeQuery(kitchenQuery);

    const app = await buildApp({ config, database });
    const bare = Fastify();
    bare.get("/trivial", async () => ({ ok: true }));
    bare.get("/kitchen-sql", async () => ({
      success: true,
      data: { date: day, orders: await kitchenQuery() },
    }));
    const staff = await createUser(database.db, { roleId: 3 });
    const token = randomBytes(32).toString("base64url");
    await database.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: staff.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const bareBase = await bare.listen({ port: 0, host: "127.0.0.1" });
    const cookie = { cookie: `kantien_session=${token}`, "accept-encoding": "gzip" };

    console.log(`[${backend}] loading routes for ${SECONDS} s each…`);
    const trivial = await load(`${bareBase}/trivial`, 50);
    const bareSql = await load(`${bareBase}/kitchen-sql`, 50);
    const kitchen = await load(`${base}/api/kitchen/orders?date=${day}`, 50, cookie);
    const kitchen10 = await load(`${base}/api/kitchen/orders?date=${day}`, 10, cookie);

    // The orders summary, as the admin's screen asks for it: a week back, 25 rows a page.
    const admin = await createUser(database.db, { roleId: 4 });
    const adminToken = randomBytes(32).toString("base64url");
    await database.db.insert(sessions).values({
      tokenHash: hashToken(adminToken),
      userId: admin.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const asAdmin = { cookie: `kantien_session=${adminToken}`, "accept-encoding": "gzip" };
    const from = mondayOf(addDaysIso(day, -14));
    const week = { from, to: addDaysIso(from, 6) };
    const all = { from: addDaysIso(day, -800), to: addDaysIso(day, 30) };
    const summaryUrl = (range: { from: string; to: string }, q = "") =>
      `${base}/api/orders?from=${range.from}&to=${range.to}&limit=25${q ? `&q=${encodeURIComponent(q)}` : ""}`;
    console.log(`[${backend}] orders summary…`);
    const page = await load(summaryUrl(week), 10, asAdmin, SUMMARY_SECONDS);
    const searchWeek = await load(summaryUrl(week, "klant 17"), 10, asAdmin, SUMMARY_SECONDS);
    const searchAll = await load(summaryUrl(all, "klant 1234"), 10, asAdmin, SUMMARY_SECONDS);
    const plans: Record<string, string> = {};
    const weekFilter = await resolveFilter(database.db, week);
    const searchWeekFilter = await resolveFilter(database.db, { ...week, q: "klant 17" });
    const searchAllFilter = await resolveFilter(database.db, { ...all, q: "klant 1234" });
    for (const [name, query] of Object.entries({
      page: ordersPageQuery(weekFilter, { limit: 25, offset: 0 }),
      pageCount: ordersCountQuery(weekFilter),
      searchWeek: ordersPageQuery(searchWeekFilter, { limit: 25, offset: 0 }),
      searchWeekCount: ordersCountQuery(searchWeekFilter),
      searchAll: ordersPageQuery(searchAllFilter, { limit: 25, offset: 0 }),
      searchAllCount: ordersCountQuery(searchAllFilter),
    })) {
      const rows = await queryRows(database.db, sql`explain analyze ${query}`, queryPlanRow);
      plans[name] = rows.map((r) => r["QUERY PLAN"]).join("\n");
    }

    console.log(`[${backend}] ${CREATIONS} simultaneous orders from ${CREATIONS} wallets…`);
    const creations = await createOrders(database, base, asAdmin, admin.id, day);
    await app.close();
    await bare.close();
    return {
      backend,
      orders,
      fillSeconds,
      queryMs: { small: round(small), full: round(full), ratio: round(full / small) },
      trivial,
      bareSql,
      kitchen,
      kitchen10,
      summary: { page, searchWeek, searchAll, plans },
      creations,
    };
  } finally {
    await database.close();
    await dropDatabase();
  }
}

/**
 * CREATIONS customers with a wallet each, then one order each, all sent at once over HTTP
 * to the real server. Every one must be paid; the ledger must equal the balances.
 */
async function createOrders(
  database: Database,
  base: string,
  headers: Record<string, string>,
  adminId: string,
  day: string,
): Promise<BackendResult["creations"]> {
  const item = await futureMenuItem(database.db, day);
  const customers = await queryRows(
    database.db,
    sql`insert into users (first_name, last_name, email, role_id, email_verified_at)
        select 'Bestel', 'Klant ' || g, 'bestel' || g || '@bench.example', 1, now()
        from generate_series(1, ${CREATIONS}::int) g returning id`,
    z.object({ id: z.string() }),
  );
  await database.db.transaction(async (tx) => {
    for (const c of customers) {
      await moveWalletMoney(tx, { userId: c.id, amount: "500.00", kind: "top_up", createdBy: adminId });
    }
  });
  const started = performance.now();
  const answers = await Promise.all(
    customers.map((c, i) =>
      fetch(`${base}/api/orders`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "idempotency-key": `bench-${i}` },
        body: JSON.stringify({ customerId: c.id, foodItemId: item.id, deliveryDate: item.date, quantity: 2 }),
      }).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const [check] = await queryRows(
    database.db,
    sql`select bool_and(w.balance = l.sum) as ok
        from wallets w join (select user_id, sum(amount) as sum from wallet_transactions group by user_id) l
          on l.user_id = w.user_id`,
    z.object({ ok: z.boolean() }),
  );
  return {
    count: CREATIONS,
    seconds: round(seconds),
    perSecond: Math.round(CREATIONS / seconds),
    errors: answers.filter((s) => s !== 201).length,
    ledgerMatches: Boolean(check?.ok),
  };
}

function round(n: number) {
  return Math.round(n * 100) / 100;
}

/** Gzipped bytes of the scripts /login loads first: the entry and its preloads. */
function loginBundle(): { files: string[]; gzipKb: number } | null {
  const dist = path.join(root, "apps/web/dist");
  const indexFile = path.join(dist, "index.html");
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, "utf8");
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce(
    (sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length,
    0,
  );
  return { files, gzipKb: round(bytes / 1024) };
}

const results: BackendResult[] = [];
if (process.env.BENCH_SKIP_POSTGRES !== "1") results.push(await benchBackend("postgres", ORDERS));
if (process.env.BENCH_SKIP_PGLITE !== "1") results.push(await benchBackend("pglite", PGLITE_ORDERS));
const bundle = loginBundle();

console.log(
  "\n| backend | summary page (week) p50 / p99 ms, rps | search, week p50 / p99 ms | search, all orders p50 / p99 ms | 200 orders at once: s, orders/s, errors | ledger = balances |",
);
console.log("|---|---|---|---|---|---|");
for (const r of results) {
  const { page, searchWeek, searchAll } = r.summary;
  const c = r.creations;
  console.log(
    `| ${r.backend} | ${page.p50} / ${page.p99}, ${page.rps} | ${searchWeek.p50} / ${searchWeek.p99} | ${searchAll.p50} / ${searchAll.p99} | ${c.seconds}, ${c.perSecond}, ${c.errors} | ${c.ledgerMatches} |`,
  );
}

console.log(
  "\n| backend | orders | trivial rps | same SQL bare rps | kitchen rps (50 conn) | p50 / p99 ms | vs trivial | vs bare SQL | kitchen 10 conn p99 ms | day query 10k → full ms |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.backend} | ${r.orders.toLocaleString()} | ${r.trivial.rps} | ${r.bareSql.rps} | ${r.kitchen.rps} | ${r.kitchen.p50} / ${r.kitchen.p99} | ${round(r.kitchen.rps / r.trivial.rps)}× | ${round(r.kitchen.rps / r.bareSql.rps)}× | ${r.kitchen10.p99} | ${r.queryMs.small} → ${r.queryMs.full} (${r.queryMs.ratio}×) |`,
  );
}
console.log(
  bundle
    ? `\n/login loads ${bundle.gzipKb} KB of gzipped JavaScript (${bundle.files.join(", ")})`
    : "\n(no web build: run npm run build for the bundle size)",
);
fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
fs.writeFileSync(
  path.join(root, "bench-results/latest.json"),
  JSON.stringify({ at: new Date().toISOString(), results, bundle }, null, 2),
);
process.exit(0);
