import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, vi } from "vitest";
import { openPostgres } from "../../db/client";
import { foodItems, users } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { openStream } from "../../test/event-stream";
import {
  createFoodItem,
  createOrder,
  createUser,
  listenerPids,
  sessionCookieFor,
  signIn,
  terminateListeners,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { createTestApp, type TestApp, testBackend } from "../../test/test-app";
import { changeOrderStatus, ORDER_EVENTS_CHANNEL } from "../orders/service";

async function putStatus(app: TestApp["app"], cookie: string, orderId: string, status: string) {
  const body = status === "cancelled" ? { status, reason: "Die kos is op" } : { status };
  const res = await request(app, "PATCH", `/api/orders/${orderId}/status`, { cookie, body });
  expect(res.statusCode, res.body).toBe(200);
}

const it = appTest();
// A heartbeat (and session check) every 100 ms, so an ended session ends the stream soon.
const shortHeartbeatTest = appTest({ eventsHeartbeatMs: 100 });

describe("live order events", () => {
  let cookie: string;
  let newOrder: () => Promise<string>;

  it.beforeAll(async ({ app, db }) => {
    cookie = await signIn(app, await createUser(db, { roleId: 3 }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const customer = await createUser(db, { roleId: 1 });
    const item = await createFoodItem(db);
    newOrder = async () =>
      (await createOrder(db, { userId: customer.id, foodItemId: item.id, deliveryDate: "2031-05-14" })).id;
  });
  it.afterAll(async ({ app }) => {
    app.server.closeAllConnections();
  });

  it("refuses anonymous callers and customers", async ({ app, db }) => {
    expect((await request(app, "GET", "/api/events")).statusCode).toBe(401);
    const customer = await createUser(db, { roleId: 2 });
    const cookie = await sessionCookieFor(db, customer.id);
    const res = await request(app, "GET", "/api/events", { cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden");
  });

  it("streams each committed status change to every connected client, uncompressed", async ({ app }) => {
    const [a, b] = [await openStream(app, cookie), await openStream(app, cookie)];
    expect(a.response.status).toBe(200);
    expect(a.response.headers.get("content-type")).toBe("text/event-stream");
    expect(a.response.headers.get("cache-control")).toBe("no-cache");
    expect(a.response.headers.get("x-accel-buffering")).toBe("no");
    expect(a.response.headers.get("content-encoding")).toBeNull();
    expect(a.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await a.until((text) => text.startsWith("retry: 5000\n\n"))).toBe(true);

    const id = await newOrder();
    await putStatus(app, cookie, id, "processing");
    for (const client of [a, b]) {
      expect(await client.until((text) => text.includes("event: order"))).toBe(true);
      expect(client.events()).toEqual([
        {
          type: "order.changed",
          order: {
            id,
            status: "processing",
            statusChangedAt: expect.any(String),
            deliveryDate: "2031-05-14",
          },
          // The order as the board shows it: a board adds or moves it without reading the day.
          row: expect.objectContaining({
            id,
            status: "processing",
            customerName: expect.any(String),
            itemName: "Macaroni en kaas",
          }),
        },
      ]);
    }

    // A refused change is rolled back and announces nothing.
    const refused = await request(app, "PATCH", `/api/orders/${id}/status`, {
      cookie,
      body: { status: "delivered" },
    });
    expect(refused.statusCode).toBe(409);
    a.close();
    await putStatus(app, cookie, id, "ready");
    expect(await b.until(() => b.events().length === 2)).toBe(true);
    expect(b.events().map((e) => e.order.status)).toEqual(["processing", "ready"]);
    b.close();
  });

  it("says in the day's answer which event it reflects, and a stream from there sends what came after", async ({
    app,
  }) => {
    const read = await request(app, "GET", "/api/kitchen/orders?date=2031-05-14", { cookie });
    const eventId: string = read.json().data.eventId;
    expect(eventId).toMatch(/^\d+$/);
    // Between the read and the stream, an order changes.
    const id = await newOrder();
    await putStatus(app, cookie, id, "processing");
    const late = await openStream(app, cookie, `/api/events?lastEventId=${eventId}`);
    expect(await late.until(() => late.events().length === 1)).toBe(true);
    expect(late.events()[0]?.order.id).toBe(id);
    late.close();
  });

  it("ends open streams when the server closes", async () => {
    const other = await createTestApp();
    const staff = await signIn(other.app, await createUser(other.db, { roleId: 4 }));
    await other.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openStream(other.app, staff);
    expect(await stream.until((text) => text.includes("retry:"))).toBe(true);
    await other.close();
    expect(await stream.until(() => false)).toBe(false);
  });

  describe("with a short heartbeat", () => {
    let quick: TestApp;
    it.beforeAll(async ({ database }) => {
      // The same database with a heartbeat (and session check) every 100 ms.
      quick = await createTestApp({ eventsHeartbeatMs: 100 }, database);
      await quick.app.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => {
      quick.app.server.closeAllConnections();
      await quick.close();
    });

    it("keeps a stream with a live session open across heartbeats", async ({ db }) => {
      const staff = await signIn(quick.app, await createUser(db, { roleId: 3 }));
      const stream = await openStream(quick.app, staff);
      expect(await stream.until((text) => text.split(": ping").length > 3)).toBe(true);
      expect(stream.ended()).toBe(false);
      stream.close();
    });

    it("ends an open stream at the next heartbeat after its session logs out", async ({ db }) => {
      const staff = await signIn(quick.app, await createUser(db, { roleId: 4 }));
      const stream = await openStream(quick.app, staff);
      expect(await stream.until((text) => text.includes("retry:"))).toBe(true);
      const out = await request(quick.app, "POST", "/api/auth/logout", { cookie: staff, body: {} });
      expect(out.statusCode).toBe(200);
      expect(await stream.until(() => false)).toBe(false);
      expect(stream.ended()).toBe(true);
    });

    it("ends an open stream when its session expires or its user is no longer staff", async ({ db }) => {
      const expiring = await createUser(db, { roleId: 3 });
      const demoted = await createUser(db, { roleId: 3 });
      const streams = [
        await openStream(quick.app, await signIn(quick.app, expiring)),
        await openStream(quick.app, await signIn(quick.app, demoted)),
      ];
      for (const s of streams) expect(await s.until((text) => text.includes("retry:"))).toBe(true);
      await db.execute(
        sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${expiring.id}`,
      );
      await db.update(users).set({ roleId: 1 }).where(eq(users.id, demoted.id));
      for (const s of streams) {
        expect(await s.until(() => false)).toBe(false);
        expect(s.ended()).toBe(true);
      }
    });
  });

  it.skipIf(testBackend !== "postgres")(
    "ends open streams when the LISTEN connection is lost, and listens again for new ones",
    async ({ app, db }) => {
      // The hub's own connection (the session cache listens on another channel).
      const listeners = () => listenerPids(db, ORDER_EVENTS_CHANNEL);
      const before = await openStream(app, cookie);
      expect(await before.until((text) => text.includes("retry:"))).toBe(true);
      expect(await listeners()).toHaveLength(1);

      expect(await terminateListeners(db, ORDER_EVENTS_CHANNEL)).toEqual([true]);
      // The stream that may have missed changes is ended, so its client reconnects and refetches.
      expect(await before.until(() => false)).toBe(false);
      expect(before.ended()).toBe(true);

      // The hub listens again by itself…
      await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), {
        timeout: 5000,
        interval: 50,
      });
      await new Promise((r) => setTimeout(r, 200));
      // …so a later change reaches a new client.
      const after = await openStream(app, cookie);
      expect(await after.until((text) => text.includes("retry:"))).toBe(true);
      const id = await newOrder();
      await putStatus(app, cookie, id, "processing");
      expect(await after.until(() => after.events().some((e) => e.order.id === id))).toBe(true);
      after.close();
    },
  );

  // LISTEN/NOTIFY across processes needs a shared PostgreSQL server; PGlite lives in one process.
  it.skipIf(testBackend !== "postgres")(
    "carries a change made through one server to the clients of another",
    async ({ app, database }) => {
      const second = await openPostgres(database.url!, 2);
      const other = await createTestApp({}, { ...second, url: database.url, drop: () => second.close() });
      try {
        await other.app.listen({ port: 0, host: "127.0.0.1" });
        // Sessions live in the database, so the same cookie works on both.
        const stream = await openStream(other.app, cookie);
        expect(await stream.until((text) => text.includes("retry:"))).toBe(true);
        const id = await newOrder();
        await putStatus(app, cookie, id, "cancelled");
        expect(await stream.until(() => stream.events().some((e) => e.order.id === id))).toBe(true);
        expect(stream.events().find((e) => e.order.id === id)?.order.status).toBe("cancelled");
        stream.close();
      } finally {
        other.app.server.closeAllConnections();
        await other.close();
        await second.close();
      }
    },
  );
});

describe("a customer's own order events (GET /api/my/events)", () => {
  const it = shortHeartbeatTest;
  let changeStatus: (orderId: string, to: "processing" | "ready") => Promise<unknown>;
  let newOrder: (userId: string) => Promise<string>;

  it.beforeAll(async ({ app, db }) => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const cook = await createUser(db, { roleId: 3 });
    const item = await createFoodItem(db);
    changeStatus = (orderId, to) =>
      changeOrderStatus(db, { orderId, to, actor: cook, clock: () => new Date() });
    newOrder = async (userId) =>
      (await createOrder(db, { userId, foodItemId: item.id, status: "paid", deliveryDate: "2031-05-15" })).id;
  });
  it.afterAll(async ({ app }) => {
    app.server.closeAllConnections();
  });

  it("is for customers only: 401 signed out, 403 for cooks and admins; customers get 403 on the staff stream", async ({
    app,
    db,
  }) => {
    expect((await request(app, "GET", "/api/my/events")).statusCode).toBe(401);
    for (const roleId of [3, 4] as const) {
      const cookie = await sessionCookieFor(db, (await createUser(db, { roleId })).id);
      const res = await request(app, "GET", "/api/my/events", { cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden");
    }
    for (const roleId of [1, 2] as const) {
      const cookie = await sessionCookieFor(db, (await createUser(db, { roleId })).id);
      const res = await request(app, "GET", "/api/events", { cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("forbidden");
    }
  });

  it("sends each customer the changes of their own orders, and nobody else's", async ({ app, db }) => {
    const [me, other] = [await createUser(db, { roleId: 1 }), await createUser(db, { roleId: 2 })];
    const mine = await openStream(app, await sessionCookieFor(db, me.id), "/api/my/events");
    const theirs = await openStream(app, await sessionCookieFor(db, other.id), "/api/my/events");
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get("content-type")).toBe("text/event-stream");
    expect(mine.response.headers.get("content-encoding")).toBeNull();
    for (const s of [mine, theirs])
      expect(await s.until((text) => text.startsWith("retry: 5000\n\n"))).toBe(true);

    // The other customer's change goes out first: had it reached my stream, it would come first there.
    const otherOrder = await newOrder(other.id);
    await changeStatus(otherOrder, "processing");
    const myOrder = await newOrder(me.id);
    await changeStatus(myOrder, "processing");
    await changeStatus(otherOrder, "ready");

    expect(await mine.until(() => mine.events().length >= 1)).toBe(true);
    // The event as GET /api/events documents it: the owner stays on the server.
    expect(mine.events()[0]).toEqual({
      type: "order.changed",
      order: {
        id: myOrder,
        status: "processing",
        statusChangedAt: expect.any(String),
        deliveryDate: "2031-05-15",
      },
    });
    // Mine went out between their two: they got both of theirs and not mine.
    expect(await theirs.until(() => theirs.events().length >= 2)).toBe(true);
    expect(theirs.events().map((e) => [e.order.id, e.order.status])).toEqual([
      [otherOrder, "processing"],
      [otherOrder, "ready"],
    ]);
    expect(mine.events().map((e) => e.order.id)).toEqual([myOrder]);
    mine.close();
    theirs.close();
  });

  it("tells every customer what is left of a capped dish when anyone orders it, and never whose order it was", async ({
    app,
    db,
  }) => {
    const [me, other] = [await createUser(db, { roleId: 1 }), await createUser(db, { roleId: 1 })];
    const capped = await createFoodItem(db, { dayOfWeek: "Donderdag" });
    await db.update(foodItems).set({ portions: 5 }).where(eq(foodItems.id, capped.id));
    const mine = await openStream(app, await sessionCookieFor(db, me.id), "/api/my/events");
    expect(await mine.until((text) => text.includes("event: ready"))).toBe(true);
    // Their order of the capped dish: a kitchen step moves no portions; their cancel gives 2 back.
    const theirs = await createOrder(db, {
      userId: other.id,
      foodItemId: capped.id,
      status: "paid",
      quantity: 2,
    });
    await createOrder(db, { userId: other.id, foodItemId: capped.id, status: "paid", quantity: 1 });
    await changeStatus(theirs.id, "processing");
    const admin = await createUser(db, { roleId: 4 });
    await changeOrderStatus(db, {
      orderId: theirs.id,
      to: "cancelled",
      actor: admin,
      reason: "Die kos is op",
      clock: () => new Date(),
    });
    expect(await mine.until((text) => text.includes("event: portions"))).toBe(true);
    const portions = mine.messages().filter((message) => message.event === "portions");
    expect(portions.map((message) => [message.id, JSON.parse(message.data)])).toEqual([
      [null, { foodItemId: capped.id, left: 4 }],
    ]);
    // Neither their order nor its kitchen step reached my stream.
    expect(mine.events()).toEqual([]);
    mine.close();
  });

  it("ends an open stream at the next heartbeat after the customer logs out", async ({ app, db }) => {
    const cookie = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id);
    const stream = await openStream(app, cookie, "/api/my/events");
    expect(await stream.until((text) => text.split(": ping").length > 2)).toBe(true);
    expect(stream.ended()).toBe(false);
    const out = await request(app, "POST", "/api/auth/logout", { cookie, body: {} });
    expect(out.statusCode).toBe(200);
    expect(await stream.until(() => false)).toBe(false);
    expect(stream.ended()).toBe(true);
  });

  it("ends an open stream when its user is no longer a customer", async ({ app, db }) => {
    const promoted = await createUser(db, { roleId: 2 });
    const stream = await openStream(app, await sessionCookieFor(db, promoted.id), "/api/my/events");
    expect(await stream.until((text) => text.includes("retry:"))).toBe(true);
    await db.update(users).set({ roleId: 3 }).where(eq(users.id, promoted.id));
    expect(await stream.until(() => false)).toBe(false);
    expect(stream.ended()).toBe(true);
  });
});
