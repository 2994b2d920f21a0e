/**
 * Where the kitchen's endpoint loses against a bare route running the same SQL:
 * `npx tsx apps/server/bench/layers.ts`. One 300-order day in a table of BENCH_ORDERS orders
 * (100,000) on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server),
 * each variant loaded at 50 connections for BENCH_SECONDS (3) in each of BENCH_ROUNDS (5) rounds,
 * asking for gzip as a browser does:
 *   - bare: the SQL's rows as JSON (JSON.stringify), nothing else;
 *   - bare + schema: the same, through the response schema's zod serializer (every row parsed);
 *   - bare + compress: the same, gzipped as the app sends it;
 *   - bare + schema + compress;
 *   - the endpoint (GET /api/kitchen/orders: session, hooks, compress; its answer written as it is);
 *   - the endpoint's route with the schema's zod serializer, as every other route has it.
 * Requests per second on a shared machine swing from round to round; the CPU time this process
 * (server and load generator) spends per request is steadier, and tells the layers' cost apart.
 * A measure to read, not a budget: it prints one table and fails only on errors.
 */
import compress from "@fastify/compress";
import { todayIn } from "@kantien/domain/dates";
import { kitchenDayAnswer } from "@kantien/domain/kitchen";
import autocannon from "autocannon";
import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import pg from "pg";
import { buildApp } from "../src/app";
import { openPostgres } from "../src/db/client";
import { listKitchenOrders } from "../src/modules/kitchen/queries";
import { requireStaff } from "../src/plugins/session";
import { createUser, sessionCookieFor } from "../src/test/fixtures";
import { testConfig } from "../src/test/test-app";
import { addHistory, addKitchenDay, fillCatalogue } from "./fill";
import { median } from "./median";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const name = `kantien_layers_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString(), 20);
try {
  const config = testConfig();
  const day = todayIn(config.timeZone);
  console.log(`filling ${ORDERS.toLocaleString()} orders…`);
  await fillCatalogue(database.db, day);
  await addKitchenDay(database.db, day, 300);
  await addHistory(database.db, { excludeDay: day, count: ORDERS - 300, offset: 0 });
  const rows = async () => ({
    success: true as const,
    data: {
      date: day,
      orders: await listKitchenOrders(database.db, { date: day, timeZone: config.timeZone }),
    },
  });

  const bare = Fastify();
  bare.setSerializerCompiler(serializerCompiler);
  const schema = { response: { 200: kitchenDayAnswer } };
  bare.get("/bare", rows);
  bare.get("/bare-schema", { schema }, rows);
  await bare.register(async (zipped) => {
    await zipped.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
    zipped.get("/bare-compress", rows);
    zipped.get("/bare-schema-compress", { schema }, rows);
  });

  const app = await buildApp({ config, database });
  // The endpoint's route again, its answer checked by the schema's zod serializer.
  app.get(
    "/api/kitchen/orders-checked",
    {
      onRequest: requireStaff,
      schema: { response: { 200: kitchenDayAnswer } },
      serializerCompiler: (route) =>
        serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]),
    },
    rows,
  );
  const staff = await createUser(database.db, { roleId: 3 });
  const headers = { cookie: await sessionCookieFor(database.db, staff.id), "accept-encoding": "gzip" };
  const bareBase = await bare.listen({ port: 0, host: "127.0.0.1" });
  const appBase = await app.listen({ port: 0, host: "127.0.0.1" });
  const variants = [
    ["bare", `${bareBase}/bare`],
    ["bare + schema", `${bareBase}/bare-schema`],
    ["bare + compress", `${bareBase}/bare-compress`],
    ["bare + schema + compress", `${bareBase}/bare-schema-compress`],
    ["endpoint", `${appBase}/api/kitchen/orders?date=${day}`],
    ["endpoint + schema", `${appBase}/api/kitchen/orders-checked`],
  ] as const;
  // The machine is shared: the variants take turns, round after round, in a rotating order,
  // and each is scored by its median round. A first round warms every route up, uncounted.
  const runs = new Map<string, { rps: number; cpuMs: number; kb: number }[]>(variants.map(([v]) => [v, []]));
  for (let round = 0; round <= ROUNDS; round++) {
    for (let i = 0; i < variants.length; i++) {
      const [variant, target] = variants[(i + round) % variants.length]!;
      const cpu = process.cpuUsage();
      const r = await autocannon({
        url: target,
        connections: 50,
        duration: round === 0 ? 1 : SECONDS,
        headers,
      });
      const used = process.cpuUsage(cpu);
      if (r.non2xx > 0 || r.errors > 0)
        throw new Error(`${variant}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const kb = Math.round(r.throughput.total / r.requests.total / 102.4) / 10;
      const cpuMs = (used.user + used.system) / 1000 / r.requests.total;
      if (round > 0) runs.get(variant)!.push({ rps: r.requests.total / r.duration, cpuMs, kb });
    }
    if (round > 0) console.log(`round ${round} of ${ROUNDS} done`);
  }
  const bareRps = median(runs.get("bare")!.map((r) => r.rps)) ?? 0;
  await app.close();
  await bare.close();
  const bareCpu = median(runs.get("bare")!.map((r) => r.cpuMs)) ?? 0;
  console.log(
    `\n| variant (50 connections, median of ${ROUNDS} × ${SECONDS} s) | rps (rounds) | vs bare | Node CPU ms a request | vs bare | KB a response |`,
  );
  console.log("|---|---|---|---|---|---|");
  for (const [variant, r] of runs) {
    const rps = median(r.map((x) => x.rps)) ?? 0;
    const cpuMs = median(r.map((x) => x.cpuMs)) ?? 0;
    console.log(
      `| ${variant} | ${Math.round(rps)} (${r.map((x) => Math.round(x.rps)).join(", ")}) | ${(rps / bareRps).toFixed(2)}× | ${cpuMs.toFixed(2)} | +${(cpuMs - bareCpu).toFixed(2)} | ${r[0]?.kb} |`,
    );
  }
} finally {
  await database.close();
  // The pool's connections close after close() resolves: let them, before the database goes.
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
