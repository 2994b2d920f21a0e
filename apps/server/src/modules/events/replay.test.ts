import { describe, expect } from "vitest";
import { appTest } from "../../test/app-test";
import { openStream } from "../../test/event-stream";
import { createFoodItem, createOrder, createUser, sessionCookieFor, signIn } from "../../test/fixtures";
import { request } from "../../test/request";
import type { TestApp } from "../../test/test-app";
import { deleteOldOrderEvents } from "./replay";

// The canteen's clock, which a test moves on (a minute offline, two days later).
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const it = appTest({ clock });

type Status = "processing" | "ready" | "delivered" | "cancelled";

async function putStatus(app: TestApp["app"], cookie: string, orderId: string, status: Status) {
  const body = status === "cancelled" ? { status, reason: "Die kos is op" } : { status };
  return request(app, "PATCH", `/api/orders/${orderId}/status`, { cookie, body });
}

describe("order event streams resume from Last-Event-ID", () => {
  let cookie: string;
  let cook: Awaited<ReturnType<typeof createUser>>;
  let newOrder: (userId?: string) => Promise<string>;
  let change: (orderId: string, status: Status) => Promise<void>;
  let customerId: string;

  it.beforeAll(async ({ app, db }) => {
    cook = await createUser(db, { roleId: 3 });
    cookie = await signIn(app, cook);
    await app.listen({ port: 0, host: "127.0.0.1" });
    customerId = (await createUser(db, { roleId: 1 })).id;
    const item = await createFoodItem(db);
    newOrder = async (userId = customerId) =>
      (await createOrder(db, { userId, foodItemId: item.id, status: "paid", deliveryDate: "2031-05-14" })).id;
    change = async (orderId, status) => {
      const res = await putStatus(app, cookie, orderId, status);
      expect(res.statusCode, res.body).toBe(200);
    };
  });
  it.afterAll(async ({ app }) => {
    app.server.closeAllConnections();
  });

  /** A new connection: answers the stream and the id its `ready` carried. */
  async function connect(app: TestApp["app"], headers: Record<string, string> = {}, path = "/api/events") {
    const stream = await openStream(app, cookie, path, headers);
    expect(stream.response.status).toBe(200);
    expect(
      await stream.until(() => stream.messages().some((m) => m.event === "ready" || m.event === "reload")),
    ).toBe(true);
    return stream;
  }

  it("starts a new connection with `ready` at the newest number, and numbers each event after it", async ({
    app,
  }) => {
    const stream = await connect(app);
    const [ready] = stream.messages();
    expect(ready?.event).toBe("ready");
    const start = ready!.id!;
    const id = await newOrder();
    await change(id, "processing");
    // A refused change is rolled back: no event, and no number lost.
    expect((await putStatus(app, cookie, id, "delivered")).statusCode).toBe(409);
    await change(id, "ready");
    expect(await stream.until(() => stream.events().length === 2)).toBe(true);
    expect(stream.messages().map((m) => [m.event, m.id])).toEqual([
      ["ready", start],
      ["order", start + 1],
      ["order", start + 2],
    ]);
    stream.close();
  });

  it("catches a board that was offline for a minute up with exactly what it missed, then goes on live", async ({
    app,
  }) => {
    const board = await connect(app);
    const a = await newOrder();
    await change(a, "processing");
    expect(await board.until(() => board.events().length === 1)).toBe(true);
    const lastSeen = board.lastId()!;
    board.close();

    // Offline for a minute while the kitchen works on.
    const b = await newOrder();
    offset += 20_000;
    await change(a, "ready");
    offset += 20_000;
    await change(b, "processing");
    offset += 20_000;
    await change(b, "cancelled");

    const back = await connect(app, { "last-event-id": String(lastSeen) });
    expect(back.messages().map((m) => m.event)).toEqual(["order", "order", "order", "ready"]);
    expect(back.messages().map((m) => m.id)).toEqual([
      lastSeen + 1,
      lastSeen + 2,
      lastSeen + 3,
      lastSeen + 3,
    ]);
    expect(back.events().map((e) => [e.order.id, e.order.status])).toEqual([
      [a, "ready"],
      [b, "processing"],
      [b, "cancelled"],
    ]);
    // Stamped by the canteen's clock as it moved on.
    const [readyAt, , cancelledAt] = back.events().map((e) => Date.parse(e.order.statusChangedAt));
    expect(cancelledAt! - readyAt!).toBeGreaterThanOrEqual(40_000);

    // Then live, numbered on.
    await change(a, "delivered");
    expect(await back.until(() => back.events().length === 4)).toBe(true);
    expect(back.messages().at(-1)).toMatchObject({ event: "order", id: lastSeen + 4 });
    back.close();
  });

  it("takes the id from ?lastEventId= (a new EventSource), and the header over it (the browser's own reconnect)", async ({
    app,
  }) => {
    const first = await connect(app);
    const before = first.lastId()!;
    first.close();
    const id = await newOrder();
    await change(id, "processing");
    await change(id, "ready");

    const byQuery = await connect(app, {}, `/api/events?lastEventId=${before}`);
    expect(byQuery.events().map((e) => e.order.status)).toEqual(["processing", "ready"]);
    byQuery.close();

    const byHeader = await connect(
      app,
      { "last-event-id": String(before + 1) },
      `/api/events?lastEventId=${before}`,
    );
    expect(byHeader.events().map((e) => e.order.status)).toEqual(["ready"]);
    byHeader.close();
  });

  it("replays to a customer only their own orders' events", async ({ app, db }) => {
    const other = await createUser(db, { roleId: 2 });
    const mine = await newOrder();
    const theirs = await newOrder(other.id);
    const myCookie = await sessionCookieFor(db, customerId);
    const first = await openStream(app, myCookie, "/api/my/events");
    expect(await first.until(() => first.messages().some((m) => m.event === "ready"))).toBe(true);
    const from = first.lastId()!;
    first.close();

    await change(theirs, "processing");
    await change(mine, "processing");
    await change(theirs, "ready");
    await change(mine, "cancelled");

    const back = await openStream(app, myCookie, "/api/my/events", { "last-event-id": String(from) });
    expect(await back.until(() => back.messages().some((m) => m.event === "ready"))).toBe(true);
    expect(back.events().map((e) => [e.order.id, e.order.status])).toEqual([
      [mine, "processing"],
      [mine, "cancelled"],
    ]);
    // Their events' numbers are skipped; `ready` brings the client up to the newest one.
    expect(back.messages().map((m) => m.id)).toEqual([from + 2, from + 4, from + 4]);
    back.close();
  });

  it("tells a client whose id is older than what is kept, or unknown, to reload, then goes on live", async ({
    app,
    db,
  }) => {
    const first = await connect(app);
    const old = first.lastId()!;
    first.close();
    const id = await newOrder();
    await change(id, "processing");
    // Kept while within the day.
    await deleteOldOrderEvents(db, clock());
    const kept = await connect(app, { "last-event-id": String(old) });
    expect(kept.events()).toHaveLength(1);
    kept.close();

    // Two days on, the hourly sweep has pruned them all.
    offset += 2 * 24 * 60 * 60_000;
    await deleteOldOrderEvents(db, clock());
    cookie = await signIn(app, cook);
    const newest = old + 1;
    for (const tooOld of [String(old), String(newest + 1)]) {
      const stream = await connect(app, { "last-event-id": tooOld });
      expect(stream.messages()).toEqual([{ event: "reload", id: newest, data: "" }]);
      stream.close();
    }
    // An id at the newest one has missed nothing.
    const current = await connect(app, { "last-event-id": String(newest) });
    expect(current.messages()).toEqual([{ event: "ready", id: newest, data: "" }]);
    await change(id, "ready");
    expect(await current.until(() => current.events().length === 1)).toBe(true);
    expect(current.messages().at(-1)).toMatchObject({ event: "order", id: newest + 1 });
    current.close();
  });

  it("refuses an id that is not a sequence number with 400 in the envelope", async ({ app }) => {
    for (const [path, headers] of [
      ["/api/events", { "last-event-id": "abc" }],
      ["/api/events", { "last-event-id": "-1" }],
      ["/api/events?lastEventId=1.5", {}],
      ["/api/events?lastEventId=", {}],
      ["/api/events?lastEventId=99999999999999999999", {}],
      ["/api/events?since=3", {}],
    ] as const) {
      const res = await request(app, "GET", path, { cookie, headers });
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
    }
  });

  it("neither repeats nor loses an event when changes commit while a client resumes", async ({ app }) => {
    const first = await connect(app);
    const from = first.lastId()!;
    first.close();
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newOrder()));
    const steps: Status[] = ["processing", "ready", "delivered"];
    // Each order moves on in turn, all orders at once, while the client comes back.
    const working = Promise.all(
      ids.map(async (id) => {
        for (const step of steps) await change(id, step);
      }),
    );
    const back = await connect(app, { "last-event-id": String(from) });
    await working;
    const total = ids.length * steps.length;
    expect(await back.until(() => back.events().length >= total)).toBe(true);
    const numbers = back.messages().flatMap((m) => (m.event === "order" ? [m.id] : []));
    expect(numbers).toEqual(Array.from({ length: total }, (_, i) => from + 1 + i));
    // Each order's steps arrive in the order they were made.
    for (const id of ids) {
      expect(
        back
          .events()
          .filter((e) => e.order.id === id)
          .map((e) => e.order.status),
      ).toEqual(steps);
    }
    back.close();
  });
});
