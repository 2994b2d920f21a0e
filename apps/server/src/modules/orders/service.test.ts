import { type OrderStatus, STEP_BACK_WINDOW_MINUTES } from "@kantien/domain/order-status";
import { asc, eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { orderStatusChanges, orders } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";

import { changeOrderStatus, ORDER_EVENTS_CHANNEL, orderChangeNotice } from "./service";

/** How far the canteen's clock runs ahead of the machine's. */
let ahead = 0;
const it = appTest({ clock: () => new Date(Date.now() + ahead) });

describe("order status changes", () => {
  let staff: TestUser;
  let admin: TestUser;
  let asStaff: string;
  let asAdmin: string;
  let newOrder: (status?: OrderStatus) => Promise<string>;

  it.beforeAll(async ({ app, db }) => {
    staff = await createUser(db, { roleId: 3 });
    admin = await createUser(db, { roleId: 4 });
    asStaff = await signIn(app, staff);
    asAdmin = await signIn(app, admin);
    const customer = await createUser(db, { roleId: 1 });
    const item = await createFoodItem(db);
    newOrder = async (status = "pending") =>
      (await createOrder(db, { userId: customer.id, foodItemId: item.id, status, createdAt: new Date(0) }))
        .id;
  });

  const put = (app: App, id: string, cookie: string, status: string) =>
    request(app, "PATCH", `/api/orders/${id}/status`, {
      cookie,
      body: status === "cancelled" ? { status, reason: "Die kos is op" } : { status },
    });

  const history = (db: Db, id: string) =>
    db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, id))
      .orderBy(asc(orderStatusChanges.id));

  it("lets staff take the kitchen steps, recording each change and who made it", async ({ app, db }) => {
    const id = await newOrder();
    for (const status of ["processing", "ready", "delivered"]) {
      const res = await put(app, id, asStaff, status);
      expect(res.statusCode, res.body).toBe(200);
      // The answer is the order as the event streams carry it, stamped by the server's clock.
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      expect(res.json()).toEqual({
        success: true,
        data: {
          id,
          status,
          statusChangedAt: row?.statusChangedAt.toISOString(),
          deliveryDate: row?.deliveryDate,
          refunded: null,
        },
      });
      expect(row?.updatedAt).toEqual(row?.statusChangedAt);
    }
    const rows = await history(db, id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.changedBy])).toEqual([
      ["pending", "processing", staff.id],
      ["processing", "ready", staff.id],
      ["ready", "delivered", staff.id],
    ]);
  });

  it("refuses staff a skipped step or a step back, and changes nothing", async ({ app, db }) => {
    const id = await newOrder();
    for (const status of ["ready", "delivered", "failed", "paid", "pending"]) {
      const res = await put(app, id, asStaff, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().code).toBe("status_transition_forbidden");
    }
    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    expect(order?.status).toBe("pending");
    expect(order?.statusChangedAt.getTime()).toBe(0);
    expect(await history(db, id)).toHaveLength(0);
  });

  it("lets staff cancel an open order from any kitchen state", async ({ app }) => {
    for (const from of ["pending", "processing", "ready"] as const) {
      const res = await put(app, await newOrder(from), asStaff, "cancelled");
      expect(res.statusCode, from).toBe(200);
      expect(res.json().data.status).toBe("cancelled");
    }
  });

  it("refuses staff cancelling an order that is delivered or failed: a cancel would refund handed-out food", async ({
    app,
    db,
  }) => {
    for (const from of ["delivered", "failed"] as const) {
      const id = await newOrder(from);
      const res = await put(app, id, asStaff, "cancelled");
      expect(res.statusCode, from).toBe(409);
      expect(res.json().code).toBe("status_transition_forbidden");
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      expect(order?.status).toBe(from);
    }
  });

  it("lets the admin set any status but paid, and keeps a cancelled order cancelled", async ({ app, db }) => {
    const id = await newOrder("delivered");
    for (const status of ["pending", "failed", "ready", "processing", "cancelled"]) {
      expect((await put(app, id, asAdmin, status)).statusCode, status).toBe(200);
    }
    for (const status of ["paid", "pending", "processing", "delivered", "failed"]) {
      const res = await put(app, id, asAdmin, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().code).toBe("status_transition_forbidden");
    }
    expect((await put(app, await newOrder("pending"), asAdmin, "paid")).statusCode).toBe(409);
    const rows = await history(db, id);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.changedBy === admin.id)).toBe(true);
    expect(rows[0]).toMatchObject({ fromStatus: "delivered", toStatus: "pending" });
  });

  it("applies only one of two simultaneous identical changes", async ({ app, db }) => {
    const id = await newOrder();
    const answers = await Promise.all([
      put(app, id, asStaff, "processing"),
      put(app, id, asStaff, "processing"),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await history(db, id)).toHaveLength(1);
  });

  it("lets a same-status request and an unknown order fail without a change", async ({ app, db }) => {
    const id = await newOrder("processing");
    expect((await put(app, id, asAdmin, "processing")).statusCode).toBe(409);
    expect((await put(app, "00000000-0000-4000-8000-000000000000", asAdmin, "ready")).statusCode).toBe(404);
    expect((await put(app, id, asAdmin, "eaten")).statusCode).toBe(400);
    await expect(
      changeOrderStatus(db, {
        orderId: id,
        to: "ready",
        actor: { id: staff.id, roleId: 1 },
        clock: () => new Date(),
      }),
    ).rejects.toMatchObject({ code: "status_transition_forbidden" });
  });

  describe("a kitchen step back (undo, recall), from the order's history", () => {
    /** Puts an order through the kitchen steps to `to` as staff, and answers its id. */
    async function stepped(app: App, from: OrderStatus, steps: OrderStatus[]): Promise<string> {
      const id = await newOrder(from);
      for (const status of steps) expect((await put(app, id, asStaff, status)).statusCode, status).toBe(200);
      return id;
    }
    const orderOf = async (db: Db, id: string) =>
      (await db.select().from(orders).where(eq(orders.id, id)))[0];

    it("undoes Begin to where the order waited: paid to paid, pending to pending", async ({ app, db }) => {
      for (const waited of ["paid", "pending"] as const) {
        const id = await stepped(app, waited, ["processing"]);
        const res = await put(app, id, asStaff, waited);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.status).toBe(waited);
        const rows = await history(db, id);
        expect(rows.map((r) => [r.fromStatus, r.toStatus, r.changedBy])).toEqual([
          [waited, "processing", staff.id],
          ["processing", waited, staff.id],
        ]);
        // The order waits again from the step back: its minutes count from there.
        expect(new Date(res.json().data.statusChangedAt).getTime()).toBe(rows[1]?.changedAt.getTime());
        expect(rows[1]!.changedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.changedAt.getTime());
      }
    });

    it("undoes Gereed to processing, and Afgehaal (a recall) to ready; the admin may step back too", async ({
      app,
      db,
    }) => {
      const id = await stepped(app, "pending", ["processing", "ready"]);
      expect((await put(app, id, asStaff, "processing")).statusCode).toBe(200);
      expect((await orderOf(db, id))?.status).toBe("processing");

      const collected = await stepped(app, "pending", ["processing", "ready", "delivered"]);
      const res = await put(app, collected, asStaff, "ready");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe("ready");
      // Handed over again after the recall: a new Afgehaal, recorded as such.
      expect((await put(app, collected, asStaff, "delivered")).statusCode).toBe(200);
      expect((await history(db, collected)).map((r) => [r.fromStatus, r.toStatus, r.changedBy])).toEqual([
        ["pending", "processing", staff.id],
        ["processing", "ready", staff.id],
        ["ready", "delivered", staff.id],
        ["delivered", "ready", staff.id],
        ["ready", "delivered", staff.id],
      ]);

      const byAdmin = await stepped(app, "paid", ["processing"]);
      expect((await put(app, byAdmin, asAdmin, "paid")).statusCode).toBe(200);
      expect((await history(db, byAdmin)).at(-1)).toMatchObject({
        fromStatus: "processing",
        toStatus: "paid",
        changedBy: admin.id,
      });
    });

    it("tells the event streams of a step back, as of any change", async ({ app, database }) => {
      const id = await stepped(app, "pending", ["processing"]);
      const heard: unknown[] = [];
      const stop = await database.listen(ORDER_EVENTS_CHANNEL, (payload) => {
        const notice = orderChangeNotice.parse(JSON.parse(payload));
        if (notice.event.order.id === id) heard.push(notice.event.order);
      });
      try {
        const res = await put(app, id, asStaff, "pending");
        expect(res.statusCode).toBe(200);
        await vi.waitFor(() =>
          expect(heard).toEqual([
            expect.objectContaining({
              id,
              status: "pending",
              statusChangedAt: res.json().data.statusChangedAt,
            }),
          ]),
        );
      } finally {
        await stop();
      }
    });

    it("refuses a step back to a status the order did not come from, and changes nothing", async ({
      app,
      db,
    }) => {
      const cases: [OrderStatus, OrderStatus[], OrderStatus][] = [
        ["paid", ["processing"], "pending"],
        ["pending", ["processing"], "paid"],
        ["pending", ["processing", "ready"], "pending"],
        ["pending", ["processing", "ready", "delivered"], "processing"],
      ];
      for (const [from, steps, back] of cases) {
        const id = await stepped(app, from, steps);
        const before = await orderOf(db, id);
        const res = await put(app, id, asStaff, back);
        expect(res.statusCode, `${steps.at(-1)} → ${back}`).toBe(409);
        expect(res.json().code).toBe("status_transition_forbidden");
        expect(await orderOf(db, id)).toEqual(before);
        expect(await history(db, id)).toHaveLength(steps.length);
      }
      // Only the last step comes back: undoing Begin after Gereed is two steps.
      const twice = await stepped(app, "pending", ["processing", "ready"]);
      expect((await put(app, twice, asStaff, "processing")).statusCode).toBe(200);
      expect((await put(app, twice, asStaff, "pending")).statusCode).toBe(409);
    });

    it("refuses a step back once the window has passed by the canteen's clock", async ({ app, db }) => {
      const id = await stepped(app, "pending", ["processing", "ready", "delivered"]);
      try {
        // The canteen's clock runs on by the window: the Afgehaal is now just over it ago.
        ahead = STEP_BACK_WINDOW_MINUTES * 60_000;
        const res = await put(app, id, asStaff, "ready");
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe("status_transition_forbidden");
        expect((await orderOf(db, id))?.status).toBe("delivered");
        expect(await history(db, id)).toHaveLength(3);
        // Two minutes inside the window, it may; the change is stamped by that clock.
        ahead = (STEP_BACK_WINDOW_MINUTES - 2) * 60_000;
        const back = await put(app, id, asStaff, "ready");
        expect(back.statusCode).toBe(200);
        const stamped = new Date(back.json().data.statusChangedAt).getTime() - Date.now();
        expect(stamped).toBeGreaterThan(ahead - 60_000);
      } finally {
        ahead = 0;
      }
    });

    it("is not for customers: the route answers them 403, and the rule refuses them too", async ({
      app,
      db,
    }) => {
      const customer = await createUser(db, { roleId: 1 });
      const id = await stepped(app, "pending", ["processing"]);
      const res = await put(app, id, await sessionCookieFor(db, customer.id), "pending");
      expect(res.statusCode).toBe(403);
      await expect(
        changeOrderStatus(db, {
          orderId: id,
          to: "pending",
          actor: { id: customer.id, roleId: 1 },
          clock: () => new Date(),
        }),
      ).rejects.toMatchObject({ code: "status_transition_forbidden" });
      expect((await orderOf(db, id))?.status).toBe("processing");
      expect(await history(db, id)).toHaveLength(1);
    });
  });

  it("has no second door for a status: order batches are gone (decision 0017)", async ({ app }) => {
    const res = await request(
      app,
      "PUT",
      "/api/admin/data/order_batch/00000000-0000-4000-8000-000000000000",
      { cookie: asAdmin, body: { status: "delivered" } },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: "unknown_table" });
  });

  it("has no second door for a status: the data API's order is read only (decision 0028)", async ({
    app,
    db,
  }) => {
    const id = await newOrder();
    for (const cookie of [asStaff, asAdmin]) {
      const res = await request(app, "PUT", `/api/admin/data/order/${id}`, {
        cookie,
        body: { status: "processing" },
      });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe("GET");
      expect(res.json()).toMatchObject({ success: false, code: "method_not_allowed" });
    }
    expect(await history(db, id)).toHaveLength(0);
    const read = await request(app, "GET", `/api/admin/data/order/${id}`, { cookie: asStaff });
    expect(read.json().data).toMatchObject({ id, status: "pending" });
  });

  describe("PATCH /api/orders/:id/status", () => {
    it("refuses a transition with 409 in the envelope, and changes nothing", async ({ app, db }) => {
      const id = await newOrder();
      const skipped = await put(app, id, asStaff, "delivered");
      expect(skipped.statusCode).toBe(409);
      expect(skipped.json()).toMatchObject({
        success: false,
        code: "status_transition_forbidden",
        message: "Hierdie statusverandering word nie toegelaat nie.",
      });
      expect(await history(db, id)).toHaveLength(0);
    });

    it("answers 401 signed out and 403 to customers in the envelope, before the body is read", async ({
      app,
      db,
    }) => {
      const id = await newOrder();
      const signedOut = await request(app, "PATCH", `/api/orders/${id}/status`, {
        body: { status: "processing" },
      });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toMatchObject({ success: false, code: "unauthenticated" });
      for (const roleId of [1, 2] as const) {
        const customer = await createUser(db, { roleId });
        const res = await put(app, id, await sessionCookieFor(db, customer.id), "processing");
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
      }
      expect(await history(db, id)).toHaveLength(0);
    });

    it("refuses a body that is not one known status, and an id that names no order", async ({ app, db }) => {
      const id = await newOrder();
      for (const body of [{}, { status: "eaten" }, { status: "processing", updated_at: "2020-01-01" }, []]) {
        const res = await request(app, "PATCH", `/api/orders/${id}/status`, { cookie: asStaff, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
      }
      for (const missing of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
        const res = await put(app, missing, asStaff, "processing");
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: "not_found" });
      }
      expect(await history(db, id)).toHaveLength(0);
    });
  });
});
