/**
 * `npm run test:cluster`: Kantien as docs/deploy.md runs it, under fire. On the machine's
 * PostgreSQL it creates a fresh database (migrated and seeded as the server does), starts three
 * Kantien processes (apps/server/dist/main.mjs, as the systemd unit runs it) and nginx with
 * deploy/nginx.conf, then for CLUSTER_SECONDS places wallet orders from many customers through
 * nginx, each under an Idempotency-Key and retried under the same key after a network error or
 * a 5xx, while staff and customers follow the event streams through nginx (reconnecting with
 * Last-Event-ID), and every CLUSTER_KILL_EVERY_MS one process is killed with SIGKILL and started
 * again. Then it restarts the processes one after the other as an update does (SIGTERM, start,
 * ready), under a lighter load of orders, wallet reads and settings saved, through which no
 * client may see a 5xx or a broken connection. Then it checks: every acknowledged order exists
 * exactly once, every wallet's ledger equals its balance, no balance is negative, and (unless
 * CLUSTER_EVENTS=0) every event client saw every order event, by sequence, across its reconnects. It needs the built web app and server
 * (`npm run build`) and builds nothing. Exits 1 on any failed check; everything it started
 * (processes, nginx, the database, its temporary directory) goes at the end, on failure and on
 * Ctrl-C too.
 *
 * Settings: CLUSTER_SECONDS (60), CLUSTER_KILL_EVERY_MS (5000), CLUSTER_CUSTOMERS (24),
 * CLUSTER_CUSTOMER_STREAMS (8), CLUSTER_EVENTS (1), CLUSTER_PORT (the first of five ports;
 * free ones when unset), CLUSTER_DATABASE_URL (else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres: the server to create the database on), NGINX
 * (/usr/sbin/nginx).
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { addDaysIso, isoWeekday, mondayOf, todayIn, weekdayOf } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { SERVER_BUNDLE } from "../../../scripts/build-server.mjs";
import { defaultWebDist } from "../src/app";
import { openPostgres, queryRows } from "../src/db/client";
import { seedDemo } from "../src/db/seed/demo";
import { moveWalletMoney } from "../src/modules/wallets/ledger";
import { createFoodItem, createUser, createWeeklyMenu, sessionCookieFor } from "../src/test/fixtures";
import { type Child, crash, startChild, stop, stopAll } from "./children";
import { type EventClient, openEventClient } from "./event-client";
import { clusterNginxConfig } from "./nginx";

const root = path.resolve(import.meta.dirname, "../../..");
const env = process.env;
const settings = {
  seconds: Number(env.CLUSTER_SECONDS ?? 60),
  killEveryMs: Number(env.CLUSTER_KILL_EVERY_MS ?? 5000),
  customers: Number(env.CLUSTER_CUSTOMERS ?? 24),
  customerStreams: Number(env.CLUSTER_CUSTOMER_STREAMS ?? 8),
  checkEvents: env.CLUSTER_EVENTS !== "0",
  firstPort: env.CLUSTER_PORT ? Number(env.CLUSTER_PORT) : null,
  adminUrl:
    env.CLUSTER_DATABASE_URL ?? env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  nginx: env.NGINX ?? "/usr/sbin/nginx",
};
const PROCESSES = 3;
const TIME_ZONE = "Africa/Johannesburg";
const TOP_UP = "100000.00";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kantien-cluster-"));
const dbName = `kantien_cluster_${randomBytes(5).toString("hex")}`;
const dbUrl = (() => {
  const url = new URL(settings.adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
let dbCreated = false;
const eventClients: EventClient[] = [];
let cleaning: Promise<void> | null = null;

/** Everything this run started goes, whatever the way out. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const c of eventClients) c.close();
    await stopAll();
    if (dbCreated) {
      const admin = new pg.Client({ connectionString: settings.adminUrl });
      try {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      } catch (error) {
        console.error(`Could not drop the database ${dbName}:`, error);
      } finally {
        await admin.end().catch(() => {});
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
process.on("unhandledRejection", (error) => {
  console.error("The cluster test failed:", error);
  void cleanUp().finally(() => process.exit(1));
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // A Ctrl-C reaches this process twice (from the terminal and relayed by tsx): say it once.
    if (!cleaning) console.log(`\n${signal}: stopping the cluster…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** deploy/nginx.conf's fail_timeout: how long nginx leaves out a process that failed. */
const NGINX_FAIL_TIMEOUT_MS = 2000;

/** `count` ports: from CLUSTER_PORT on, or free ones the system hands out. */
async function pickPorts(count: number): Promise<number[]> {
  if (settings.firstPort !== null) return Array.from({ length: count }, (_, i) => settings.firstPort! + i);
  const ports: number[] = [];
  const servers: net.Server[] = [];
  for (let i = 0; i < count; i++) {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    ports.push((server.address() as net.AddressInfo).port);
  }
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/** The next school day after today in the canteen: open to order all day today. */
function nextSchoolDay(): string {
  let day = addDaysIso(todayIn(TIME_ZONE), 1);
  while (isoWeekday(day) > 5) day = addDaysIso(day, 1);
  return day;
}

/** The database as the server would have it, with funded customers and a dish to order. */
async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: settings.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  dbCreated = true;
  await admin.end();

  const database = await openPostgres(dbUrl, 4);
  try {
    await seedDemo(database.db, TIME_ZONE, new Date());
    const [adminUser] = await queryRows(
      database.db,
      sql`select id from users where role_id = 4 order by email limit 1`,
      z.object({ id: z.string() }),
    );
    const day = nextSchoolDay();
    const monday = mondayOf(day);
    const [menu] = await queryRows(
      database.db,
      sql`select id from weekly_menus where date_from = ${monday}::date`,
      z.object({ id: z.string() }),
    );
    // The day's dish: the demo menu's, or one of our own when that week has none.
    const weeklyMenuId = menu?.id ?? (await createWeeklyMenu(database.db, { dateFrom: monday })).id;
    const [dish] = await queryRows(
      database.db,
      sql`select id from food_items
          where weekly_menu_id = ${weeklyMenuId} and day_of_week = ${weekdayOf(day)!} and retired_at is null`,
      z.object({ id: z.string() }),
    );
    const item =
      dish ??
      (await createFoodItem(database.db, { weeklyMenuId, dayOfWeek: weekdayOf(day)!, name: "Kaasbroodjie" }));
    const customers: { id: string; cookie: string }[] = [];
    for (let i = 0; i < settings.customers; i++) {
      const user = await createUser(database.db, {
        roleId: i % 4 === 3 ? 2 : 1,
        email: `tros${i}@cluster.example`,
        password: null,
      });
      customers.push({ id: user.id, cookie: await sessionCookieFor(database.db, user.id) });
    }
    await database.db.transaction(async (tx) => {
      for (const { id } of customers) {
        await moveWalletMoney(tx, {
          userId: id,
          amount: TOP_UP,
          kind: "top_up",
          createdBy: adminUser!.id,
          at: new Date(),
        });
      }
    });
    const staff = await createUser(database.db, { roleId: 3, email: "tros-kok@cluster.example" });
    return { day, itemId: item.id, customers, staff };
  } finally {
    await database.close();
  }
}

/** Ready when it answers its readiness check: database reachable, migrations applied. */
async function isReady(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function waitUntil(what: string, check: () => Promise<boolean>, ms: number, died?: Promise<unknown>) {
  let dead = false;
  void died?.then(() => {
    dead = true;
  });
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    if (dead) throw new Error(`${what}: the process exited`);
    await sleep(100);
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}

type Timed = { ms: number };
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0);
}

async function main() {
  if (!fs.existsSync(path.join(defaultWebDist, "index.html")) || !fs.existsSync(SERVER_BUNDLE)) {
    console.error("The cluster test runs the built web app and server: run `npm run build` first.");
    process.exitCode = 1;
    return;
  }
  if (!fs.existsSync(settings.nginx)) {
    console.error(`The cluster test needs nginx at ${settings.nginx} (Debian: apt-get install nginx).`);
    process.exitCode = 1;
    return;
  }
  const [listenPort = 0, ...ports] = await pickPorts(PROCESSES + 1);
  const publicUrl = `http://127.0.0.1:${listenPort}`;
  console.log(
    `Cluster: ${PROCESSES} processes on ports ${ports.join(", ")} behind nginx on ${listenPort}, database ${dbName}; ` +
      `${settings.seconds} s, a SIGKILL every ${settings.killEveryMs / 1000} s, ${settings.customers} customers.`,
  );

  const setup = await prepareDatabase();
  const dataDir = path.join(tmp, "data");
  fs.mkdirSync(dataDir);
  const processes: (Child | null)[] = ports.map(() => null);
  let starts = 0;
  const startProcess = (i: number) => {
    starts += 1;
    processes[i] = startChild(
      `kantien:${ports[i]}`,
      process.execPath,
      ["--enable-source-maps", SERVER_BUNDLE],
      {
        cwd: root,
        log: path.join(tmp, `kantien-${ports[i]}.log`),
        env: {
          ...env,
          PORT: String(ports[i]),
          HOST: "127.0.0.1",
          DATABASE_URL: dbUrl,
          PUBLIC_URL: publicUrl,
          TRUST_PROXY: "127.0.0.1",
          DATA_DIR: dataDir,
          SEED_DEMO: "false",
          LOG_LEVEL: "warn",
          NODE_ENV: "production",
        },
      },
    );
    return processes[i]!;
  };
  await Promise.all(
    ports.map((port, i) => {
      const child = startProcess(i);
      return waitUntil(`Kantien on ${port}`, () => isReady(`http://127.0.0.1:${port}`), 60_000, child.exited);
    }),
  );

  const prefix = path.join(tmp, "nginx");
  const confFile = path.join(prefix, "nginx.conf");
  fs.mkdirSync(prefix);
  fs.writeFileSync(
    confFile,
    clusterNginxConfig({
      site: fs.readFileSync(path.join(root, "deploy/nginx.conf"), "utf8"),
      ports,
      listenPort,
      webDist: defaultWebDist,
      prefix,
    }),
  );
  const nginx = startChild(
    "nginx",
    settings.nginx,
    ["-p", prefix, "-c", confFile, "-e", path.join(prefix, "logs/error.log")],
    {
      cwd: prefix,
      env,
      log: path.join(prefix, "logs/stdout.log"),
    },
  );
  await waitUntil("nginx", () => isReady(publicUrl), 15_000, nginx.exited);

  const failures: string[] = [];
  const restartFailures: string[] = [];
  const check = (ok: boolean, what: string) => {
    console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
    if (!ok) failures.push(what);
  };

  console.log("\nThrough nginx, before the load:");
  const indexHtml = await fetch(`${publicUrl}/my`);
  const html = await indexHtml.text();
  check(
    indexHtml.headers.get("cache-control") === "no-cache",
    "the app's index.html is not cached (no-cache)",
  );
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  const assetRes = asset ? await fetch(`${publicUrl}${asset}`) : null;
  await assetRes?.arrayBuffer();
  check(
    assetRes?.status === 200 && (assetRes.headers.get("cache-control") ?? "").includes("immutable"),
    `a hashed asset (${asset}) is cached for long (immutable)`,
  );
  const worker = await fetch(`${publicUrl}/my/sw.js`);
  await worker.arrayBuffer();
  check(
    worker.headers.get("cache-control") === "no-cache" &&
      worker.headers.get("service-worker-allowed") === "/my",
    "the service worker is not cached and keeps Service-Worker-Allowed",
  );
  const metrics = await fetch(`${publicUrl}/metrics`);
  await metrics.arrayBuffer();
  check(metrics.status === 403, "/metrics is refused from outside (403)");

  // Staff sign in through nginx; customers have sessions straight in the database (as a
  // sign-in on their phone would have left them): any process honours either.
  const post = (url: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${publicUrl}${url}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", origin: publicUrl },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  const signIn = await post(
    "/api/auth/login",
    {},
    { email: setup.staff.email, password: setup.staff.password },
  );
  await signIn.arrayBuffer();
  const staffCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("kantien_session="));
  check(signIn.status === 200 && staffCookie !== undefined, "a cook signs in through nginx");
  if (!staffCookie) throw new Error("no staff session");

  for (let i = 0; i < 2; i++)
    eventClients.push(openEventClient(`staff${i}`, `${publicUrl}/api/events`, staffCookie));
  const watched = setup.customers.slice(0, settings.customerStreams);
  for (const [i, c] of watched.entries()) {
    eventClients.push(openEventClient(`customer${i}`, `${publicUrl}/api/my/events`, c.cookie));
  }
  await Promise.race([
    Promise.all(eventClients.map((c) => c.ready)),
    sleep(15_000).then(() => {
      throw new Error("the event streams did not open");
    }),
  ]);

  // The load: each customer orders again and again, each order under its own key, retried under
  // that key after a network error or a 5xx (as the ordering app does) until it is answered.
  type Placed = { key: string; userId: string; orderId: string; attempts: number } & Timed;
  const acknowledged: Placed[] = [];
  const refused: string[] = [];
  const attemptMs: number[] = [];
  let retries = 0;
  /** The answers that were retried, by status (0: no answer, the connection broke). */
  const retriedOn = new Map<number, number>();
  const retriedAfter = (status: number) => retriedOn.set(status, (retriedOn.get(status) ?? 0) + 1);
  let unanswered = 0;
  const loadEnds = Date.now() + settings.seconds * 1000;
  /** An order still unanswered after this is given up (moved on while the rolling restart runs). */
  let giveUpAfter = loadEnds + 30_000;
  /** During the rolling restart, every answer a client saw that was not an answer: a 5xx or none. */
  let rolling = false;
  const rollingFailures: string[] = [];
  const sawDuringRestart = (what: string) => {
    if (rolling) rollingFailures.push(what);
  };
  const order = async (customer: { id: string; cookie: string }, quantity: number) => {
    const key = randomUUID();
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      const sent = performance.now();
      try {
        const res = await post(
          "/api/my/orders",
          { cookie: customer.cookie, "idempotency-key": key },
          { foodItemId: setup.itemId, deliveryDate: setup.day, quantity },
        );
        const body = await res.text();
        attemptMs.push(performance.now() - sent);
        if (res.status === 201) {
          const orderId = (JSON.parse(body) as { data: { order: { id: string } } }).data.order.id;
          acknowledged.push({
            key,
            userId: customer.id,
            orderId,
            attempts: attempt,
            ms: performance.now() - started,
          });
          return;
        }
        if (res.status < 500) {
          refused.push(`${res.status} ${body.slice(0, 200)}`);
          return;
        }
        retriedAfter(res.status);
        sawDuringRestart(`${res.status} to an order`);
      } catch {
        attemptMs.push(performance.now() - sent);
        retriedAfter(0);
        sawDuringRestart("no answer to an order");
      }
      // Answered nothing within a while after the load: left open, counted, not checked.
      if (Date.now() > giveUpAfter) {
        unanswered += 1;
        return;
      }
      retries += 1;
      await sleep(50 + Math.random() * 150);
    }
  };
  const customersDone = setup.customers.map(async (customer, i) => {
    while (Date.now() < loadEnds) {
      await order(customer, 1 + (i % 3));
      await sleep(100 + Math.random() * 400);
    }
  });

  // The chaos: every few seconds one process is killed outright and started again at once; the
  // next kill waits until it is back. A process that dies by itself while it starts is a failure.
  const kills: string[] = [];
  const up = processes.map(() => true);
  const restarted: Promise<void>[] = [];
  const chaos = (async () => {
    while (Date.now() + settings.killEveryMs < loadEnds) {
      await sleep(settings.killEveryMs);
      // Never two down at once: the kill waits for the last one to be back.
      while (up.some((isUp) => !isUp) && Date.now() < loadEnds) await sleep(100);
      if (Date.now() >= loadEnds) break;
      const i = Math.floor(Math.random() * PROCESSES);
      const victim = processes[i]!;
      up[i] = false;
      await crash(victim);
      kills.push(victim.name);
      const again = startProcess(i);
      const port = ports[i]!;
      restarted.push(
        waitUntil(
          `Kantien on ${port} after a kill`,
          () => isReady(`http://127.0.0.1:${port}`),
          60_000,
          again.exited,
        )
          .then(() => {
            up[i] = true;
          })
          .catch((error: Error) => {
            restartFailures.push(error.message);
          }),
      );
    }
  })();
  await Promise.all([...customersDone, chaos]);
  await Promise.all(restarted);
  // nginx takes a restarted process back only after its fail_timeout (deploy/nginx.conf).
  await sleep(NGINX_FAIL_TIMEOUT_MS + 500);
  console.log(
    `\nThe chaos is over; ${kills.length} ${kills.length === 1 ? "process was" : "processes were"} killed and started again.`,
  );

  // A rolling restart, as docs/deploy.md updates the canteen: each process in turn is stopped
  // with SIGTERM, started again and ready before the next, while the customers go on ordering
  // and reading their wallets and the cook saves settings, all through nginx. A stopping process
  // answers 503 before it does anything, and nginx passes those requests on
  // (docs/decisions/0058-what-nginx-tries-again.md): no client may see a 5xx or a broken
  // connection, and every order is still acknowledged once.
  console.log("\nA rolling restart under load: SIGTERM, start, ready, one process after the other.");
  const rollingStarted = Date.now();
  rolling = true;
  giveUpAfter = Number.POSITIVE_INFINITY;
  let rollingRequests = 0;
  const whileRolling = async (what: string, request: () => Promise<Response>) => {
    while (rolling) {
      rollingRequests += 1;
      try {
        const res = await request();
        await res.arrayBuffer();
        if (res.status >= 500) sawDuringRestart(`${res.status} to ${what}`);
        else if (res.status >= 400) refused.push(`${res.status} to ${what}`);
      } catch {
        sawDuringRestart(`no answer to ${what}`);
      }
      await sleep(50 + Math.random() * 100);
    }
  };
  const rollingLoad = [
    // A third of the chaos's customers: enough that every stop meets requests in flight, few
    // enough that a process starts in a few seconds on two cores.
    ...setup.customers.slice(0, Math.ceil(settings.customers / 3)).map(async (customer, i) => {
      while (rolling) {
        rollingRequests += 1;
        await order(customer, 1 + (i % 3));
        await sleep(100 + Math.random() * 200);
      }
    }),
    ...setup.customers.slice(0, 4).map((customer) =>
      whileRolling("GET /api/my/wallet", () =>
        fetch(`${publicUrl}/api/my/wallet`, {
          headers: { cookie: customer.cookie },
          signal: AbortSignal.timeout(15_000),
        }),
      ),
    ),
    whileRolling("PUT /api/settings", () =>
      fetch(`${publicUrl}/api/settings`, {
        method: "PUT",
        headers: { cookie: staffCookie, "content-type": "application/json", origin: publicUrl },
        body: JSON.stringify({
          settings: { theme: Math.random() < 0.5 ? "dark" : "light", language: "af", refresh_interval: 30 },
        }),
        signal: AbortSignal.timeout(15_000),
      }),
    ),
  ];
  const cleanExits: (number | null)[] = [];
  for (const [i, port] of ports.entries()) {
    await sleep(300);
    const child = processes[i]!;
    const stopping = Date.now();
    await stop(child, "SIGTERM", 15_000);
    const stopped = Date.now();
    cleanExits.push(await child.exited);
    const again = startProcess(i);
    await waitUntil(
      `Kantien on ${port} after a rolling restart`,
      () => isReady(`http://127.0.0.1:${port}`),
      60_000,
      again.exited,
    ).catch((error: Error) => restartFailures.push(error.message));
    console.log(
      `  ${child.name}: stopped in ${stopped - stopping} ms, ready again ${Date.now() - stopped} ms later`,
    );
    // As docs/deploy.md updates: the next stops only once nginx has this one back.
    await sleep(NGINX_FAIL_TIMEOUT_MS + 500);
  }
  await sleep(300);
  rolling = false;
  await Promise.all(rollingLoad);
  giveUpAfter = Date.now() + 30_000;
  console.log(
    `The load is over; ${rollingRequests} requests during the rolling restart, which took ${((Date.now() - rollingStarted) / 1000).toFixed(1)} s.`,
  );

  // Let the event streams catch up with the last orders (or give up after 20 s).
  const acked = new Set(acknowledged.map((a) => a.orderId));
  const ownOrders = new Map<string, Set<string>>();
  for (const a of acknowledged) {
    const own = ownOrders.get(a.userId) ?? new Set<string>();
    own.add(a.orderId);
    ownOrders.set(a.userId, own);
  }
  const staffClients = eventClients.filter((c) => c.name.startsWith("staff"));
  const customerClients = eventClients.slice(staffClients.length);
  const missing = (client: EventClient, expected: Set<string>) =>
    [...expected].filter((id) => !client.orders.has(id));
  const expectedOf = (client: EventClient, i: number) =>
    client.name.startsWith("staff")
      ? acked
      : (ownOrders.get(watched[i - staffClients.length]!.id) ?? new Set<string>());
  if (settings.checkEvents) {
    const settleUntil = Date.now() + 20_000;
    while (Date.now() < settleUntil && eventClients.some((c, i) => missing(c, expectedOf(c, i)).length > 0)) {
      await sleep(250);
    }
  } else {
    await sleep(1000);
  }

  console.log("\nThe checks:");
  check(
    cleanExits.length === PROCESSES && cleanExits.every((code) => code === 0),
    `each process stopped cleanly on SIGTERM (exit codes ${cleanExits.join(", ")})`,
  );
  check(
    rollingFailures.length === 0,
    `no client saw a 5xx or a broken connection during the rolling restart (${rollingFailures.length}${rollingFailures[0] ? `; first: ${rollingFailures.slice(0, 3).join(", ")}` : ""})`,
  );
  check(
    restartFailures.length === 0,
    `every killed process started again (${restartFailures.join("; ") || "all did"})`,
  );
  const database = await openPostgres(dbUrl, 2);
  try {
    const rows = await queryRows(
      database.db,
      sql`select o.id, o.user_id as "userId" from orders o join users u on u.id = o.user_id
          where u.email like 'tros%@cluster.example'`,
      z.object({ id: z.string(), userId: z.string() }),
    );
    const stored = new Map(rows.map((r) => [r.id, r.userId]));
    const keys = new Set(acknowledged.map((a) => a.key));
    check(
      acknowledged.every((a) => stored.get(a.orderId) === a.userId),
      `every acknowledged order is stored, for its customer (${acknowledged.length})`,
    );
    check(
      acked.size === acknowledged.length && keys.size === acknowledged.length,
      "each acknowledged order is one order: no key answered two orders, no order answered two keys",
    );
    // An order left unanswered may have committed; anything beyond those is a duplicate.
    check(
      rows.length >= acknowledged.length && rows.length <= acknowledged.length + unanswered,
      `no order more than acknowledged (stored ${rows.length}, acknowledged ${acknowledged.length}, left unanswered ${unanswered})`,
    );
    const [ledger] = await queryRows(
      database.db,
      sql`select count(*)::int as wallets,
                 count(*) filter (where w.balance <> coalesce(l.sum, 0))::int as off,
                 count(*) filter (where w.balance < 0)::int as negative
          from wallets w
          left join (select user_id, sum(amount) as sum from wallet_transactions group by user_id) l
            on l.user_id = w.user_id`,
      z.object({ wallets: z.number(), off: z.number(), negative: z.number() }),
    );
    check(
      ledger!.off === 0,
      `ledger = balance for every wallet (${ledger!.wallets} wallets, ${ledger!.off} off)`,
    );
    check(ledger!.negative === 0, "no balance is negative");
    const [paid] = await queryRows(
      database.db,
      sql`select coalesce(sum(-t.amount), 0)::text as paid from wallet_transactions t
          join users u on u.id = t.user_id
          where u.email like 'tros%@cluster.example' and t.kind <> 'top_up'`,
      z.object({ paid: z.string() }),
    );
    const expectedPaid = Number(paid!.paid);
    const [charged] = await queryRows(
      database.db,
      sql`select coalesce(sum(o.food_item_price * o.food_item_quantity), 0)::text as charged from orders o
          join users u on u.id = o.user_id where u.email like 'tros%@cluster.example'`,
      z.object({ charged: z.string() }),
    );
    check(
      Number(charged!.charged) === expectedPaid,
      `the customers paid exactly their orders (R ${charged!.charged} ordered, R ${expectedPaid.toFixed(2)} paid)`,
    );
  } finally {
    await database.close();
  }
  check(
    refused.length === 0,
    `no order refused (${refused.length}${refused[0] ? `; first: ${refused[0]}` : ""})`,
  );

  if (settings.checkEvents) {
    const finalMax = Math.max(0, ...eventClients.flatMap((c) => [...c.ids]));
    for (const [i, client] of staffClients.entries()) {
      const ids = [...client.ids];
      const first = ids.length > 0 ? Math.min(...ids) : finalMax + 1;
      const gaps: number[] = [];
      for (let id = first; id <= finalMax; id++) if (!client.ids.has(id)) gaps.push(id);
      check(
        ids.length > 0 && gaps.length === 0 && client.reloads === 0,
        `${client.name} saw every sequence from ${ids.length > 0 ? first : "-"} to ${finalMax} across ${client.reconnects} reconnects` +
          (gaps.length > 0 ? ` (missing ${gaps.length}, e.g. ${gaps.slice(0, 5).join(", ")})` : "") +
          (client.reloads > 0 ? ` (told to reload ${client.reloads} times)` : ""),
      );
      const lost = missing(client, expectedOf(client, i));
      check(
        lost.length === 0,
        `${client.name} saw the event of every acknowledged order (missing ${lost.length})`,
      );
    }
    const customerLost = customerClients.map((c, j) => ({
      client: c,
      lost: missing(c, expectedOf(c, j + staffClients.length)),
    }));
    const bad = customerLost.filter((x) => x.lost.length > 0 || x.client.reloads > 0);
    check(
      bad.length === 0,
      `each of ${customerClients.length} customers saw the events of all their own orders` +
        (bad.length > 0
          ? ` (${bad.length} did not, e.g. ${bad[0]!.client.name} missed ${bad[0]!.lost.length})`
          : ""),
    );
  } else {
    console.log("  (event streams not judged: CLUSTER_EVENTS=0)");
  }

  const orderMs = acknowledged.map((a) => a.ms);
  const reconnects = eventClients.reduce((n, c) => n + c.reconnects, 0);
  const replayed = eventClients.reduce((n, c) => n + c.replayed, 0);
  const events = eventClients.reduce((n, c) => n + c.ids.size, 0);
  const eventOrders = eventClients.reduce((n, c) => n + c.orders.size, 0);
  console.log(
    [
      "\nFigures:",
      `  orders acknowledged   ${acknowledged.length} (${(acknowledged.length / settings.seconds).toFixed(1)}/s), ${retries} retries under the same key (${[...retriedOn].map(([status, n]) => `${n} after ${status || "no answer"}`).join(", ") || "none"}), ${unanswered} left unanswered`,
      `  processes killed      ${kills.length} (SIGKILL), started ${starts} times in all`,
      `  through nginx         attempts p50 ${percentile(attemptMs, 0.5)} ms, p99 ${percentile(attemptMs, 0.99)} ms; acknowledged orders (retries included) p99 ${percentile(orderMs, 0.99)} ms, max ${percentile(orderMs, 1)} ms`,
      `  event clients         ${eventClients.length}: ${reconnects} reconnects, ${events} sequenced events (${eventOrders} order events), ${replayed} replayed after a reconnect`,
    ].join("\n"),
  );
  if (failures.length > 0) {
    console.log(`\nCluster test FAILED: ${failures.length} check(s).`);
    for (const log of fs.readdirSync(tmp).filter((f) => f.endsWith(".log"))) {
      const tail = fs.readFileSync(path.join(tmp, log), "utf8").trim().split("\n").slice(-5).join("\n    ");
      if (tail) console.log(`  ${log}:\n    ${tail}`);
    }
    process.exitCode = 1;
  } else {
    console.log("\nCluster test passed.");
  }
  await stop(nginx, "SIGQUIT");
}

try {
  await main();
} catch (error) {
  console.error("The cluster test could not run:", error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
