import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { CANTEEN_RULES_DEFAULTS, orderingState } from "@kantien/domain/canteen";
import { addDaysIso, mondayOf, todayIn, weekdayOf } from "@kantien/domain/dates";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "./db/client";
import { moveWalletMoney } from "./modules/wallets/ledger";
import { createFoodItem, createUser, createWeeklyMenu, sessionCookieFor } from "./test/fixtures";
import { type Outcome, openEventStream, send } from "./test/http-client";
import { openTestDatabase, testBackend } from "./test/test-app";

const TIME_ZONE = "Africa/Johannesburg";
const WORKERS = 12;
/** SIGTERM once this many orders are acknowledged: the load is well under way, not ending. */
const ORDERS_BEFORE_STOP = 30;
const main = path.join(import.meta.dirname, "main.ts");

/** The first school day after today (the machine's clock: the server runs on it) that can still be ordered. */
function orderableDay(now: Date): { date: string; monday: string } {
  for (let days = 1; days < 14; days++) {
    const date = addDaysIso(todayIn(TIME_ZONE, now), days);
    if (orderingState(date, { now, rules: CANTEEN_RULES_DEFAULTS, timeZone: TIME_ZONE }).open) {
      return { date, monday: mondayOf(date) };
    }
  }
  throw new Error("no school day in the next two weeks can be ordered");
}

/** A port free right now, for the server to listen on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
    probe.on("error", reject);
  });
}

async function waitUntilReady(server: ChildProcess, base: string) {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const res = await fetch(`${base}/api/health/ready`).catch(() => null);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Answered = { kind: "order" | "read"; outcome: Outcome; afterStop: boolean };

/*
 * On PostgreSQL, the database several processes share and whose restarts one after another
 * must lose nothing; the stop itself is the same on PGlite (plugins/lifecycle.test.ts runs on both),
 * where starting a second PGlite for the test would double this test's time.
 */
describe.runIf(testBackend === "postgres")("the server stops cleanly under load (SIGTERM)", () => {
  it("answers every request whole or with a 503, keeps every acknowledged order paid once, ends streams with a retry hint, and exits 0", async () => {
    const database = await openTestDatabase();
    let server: ChildProcess | null = null;
    try {
      const { date, monday } = orderableDay(new Date());
      const menu = await createWeeklyMenu(database.db, { dateFrom: monday });
      const item = await createFoodItem(database.db, {
        weeklyMenuId: menu.id,
        dayOfWeek: weekdayOf(date)!,
        price: "20.00",
      });
      const admin = await createUser(database.db, { roleId: 4 });
      const customers: { id: string; cookie: string }[] = [];
      for (let i = 0; i < WORKERS; i++) {
        const customer = await createUser(database.db, { roleId: 1 });
        await database.db.transaction((tx) =>
          moveWalletMoney(tx, {
            userId: customer.id,
            amount: "5000.00",
            kind: "top_up",
            createdBy: admin.id,
            at: new Date(),
          }),
        );
        customers.push({ id: customer.id, cookie: await sessionCookieFor(database.db, customer.id) });
      }

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let log = "";
      server = spawn(process.execPath, ["--import", "tsx", main], {
        env: {
          ...process.env,
          DATABASE_URL: database.url as string,
          PORT: String(port),
          HOST: "127.0.0.1",
          SEED_DEMO: "false",
          PUBLIC_URL: base,
          LOG_LEVEL: "info",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      server.stdout?.on("data", (chunk) => {
        log += chunk;
      });
      server.stderr?.on("data", (chunk) => {
        log += chunk;
      });
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        server!.once("exit", (code, signal) => resolve({ code, signal })),
      );
      await waitUntilReady(server, base);

      const stream = openEventStream(base, "/api/my/events", customers[0]!.cookie);
      await stream.opened;

      // Each worker is one customer on one kept-alive connection, ordering and reading in turn
      // until the server says 503 (or refuses a new connection, once it no longer listens).
      const answered: Answered[] = [];
      let stopSent = false;
      let ordersAcknowledged = 0;
      let stop: () => void = () => {};
      const stopTime = new Promise<void>((resolve) => {
        stop = resolve;
      });
      const worker = async ({ cookie }: { cookie: string }) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const headers = { cookie, "sec-fetch-site": "same-origin" };
        for (let turn = 0; ; turn++) {
          const kind = turn % 2 === 0 ? "order" : "read";
          const outcome =
            kind === "order"
              ? await send(base, agent, "POST", "/api/my/orders", {
                  headers: { ...headers, "idempotency-key": randomUUID() },
                  body: { foodItemId: item.id, deliveryDate: date, quantity: 1 },
                })
              : await send(base, agent, "GET", "/api/my/wallet", { headers });
          answered.push({ kind, outcome, afterStop: stopSent });
          if (kind === "order" && outcome.status === 201 && ++ordersAcknowledged === ORDERS_BEFORE_STOP)
            stop();
          if (outcome.status === null || outcome.status === 503) break;
        }
        agent.destroy();
      };
      const load = Promise.all(customers.map(worker));
      await stopTime;
      stopSent = true;
      server.kill("SIGTERM");
      await load;
      const { code, signal } = await exited;
      expect({ code, signal }, log).toEqual({ code: 0, signal: null });
      await stream.ended;

      // Every request had a whole answer: its 2xx, or the stop's 503 with Connection: close. Only a
      // new connection after the server stopped listening may be refused (nothing was sent on it).
      const broken = answered.filter(({ outcome }) =>
        outcome.status === null
          ? outcome.error !== "ECONNREFUSED"
          : outcome.status !== 503 && outcome.status !== 201 && outcome.status !== 200,
      );
      expect(broken).toEqual([]);
      const refusedByStop = answered.filter(({ outcome }) => outcome.status === 503);
      expect(refusedByStop.length).toBeGreaterThan(0);
      for (const { outcome } of refusedByStop) {
        expect(outcome).toMatchObject({ connection: "close" });
        expect(JSON.parse((outcome as { body: string }).body)).toMatchObject({ code: "shutting_down" });
      }
      expect(answered.filter((a) => a.afterStop).length).toBeGreaterThan(0);

      const acknowledged = answered.flatMap(({ kind, outcome }) =>
        kind === "order" && outcome.status === 201
          ? [(JSON.parse(outcome.body) as { data: { order: { id: string } } }).data.order.id]
          : [],
      );
      expect(acknowledged.length).toBeGreaterThanOrEqual(ORDERS_BEFORE_STOP);

      const ids = customers.map((c) => c.id);
      const orders = await queryRows(
        database.db,
        sql`select id::text, status::text from orders where user_id in ${ids}`,
        z.object({ id: z.string(), status: z.string() }),
      );
      // Every acknowledged order is there once and paid; no order is there that was not acknowledged.
      expect(orders.map((o) => o.id).sort()).toEqual([...acknowledged].sort());
      expect(orders.every((o) => o.status === "paid")).toBe(true);
      const wallets = await queryRows(
        database.db,
        sql`select w.balance::text as balance,
                   (select coalesce(sum(t.amount), 0)::numeric(12, 2)::text from wallet_transactions t where t.user_id = w.user_id) as ledger
            from wallets w where w.user_id in ${ids}`,
        z.object({ balance: z.string(), ledger: z.string() }),
      );
      expect(wallets).toHaveLength(WORKERS);
      for (const wallet of wallets) expect(wallet.balance).toBe(wallet.ledger);
      const spent = wallets.reduce((sum, w) => sum + (5000 - Number(w.balance)), 0);
      expect(spent).toBe(acknowledged.length * 20);

      // The stream's last words before it ended: come back in a second or two (to another process).
      expect(stream.text()).toMatch(/retry: 1\d{3}\n\n$/);
      expect(log).toContain("SIGTERM: stopped");
    } finally {
      if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
      await database.drop();
    }
  });
});
