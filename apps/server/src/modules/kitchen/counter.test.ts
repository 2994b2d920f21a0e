import { addDaysIso, todayIn } from "@kantien/domain/dates";
import type { CounterOrder } from "@kantien/domain/kitchen";
import { orderQrContent } from "@kantien/domain/kitchen-rules";
import type { OrderStatus } from "@kantien/domain/order-status";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { queryPlanRow, queryRows } from "../../db/client";
import { orderStatusChanges, orders, users } from "../../db/schema";
import { giveAllergies } from "../../test/allergy-fixtures";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  planOnFilledOrders,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";
import { counterOrdersQuery, counterWhere } from "./queries";

const TODAY_ID = "3f2a0000-0000-4000-8000-0000001c3d42";
const OTHER_DAY_ID = "3f2a0000-0000-4000-8000-0000009f3d42";
/** Tomorrow's order's pickup number: one today has not reached. */
const TOMORROW_NUMBER = 900;

const it = appTest();

describe("the counter: finding an order and handing it over", () => {
  let staff: TestUser;
  let asStaff: string;
  let asCustomer: string;
  let today: string;
  let newOrder: (options: {
    customer: string;
    status?: OrderStatus;
    deliveryDate?: string | null;
    id?: string;
    minutesAgo?: number;
  }) => Promise<string>;
  const customers: Record<string, string> = {};

  async function customerNamed(db: Db, firstName: string, lastName: string) {
    const customer = await createUser(db, { roleId: 2 });
    await db.update(users).set({ firstName, lastName }).where(eq(users.id, customer.id));
    return customer.id;
  }

  it.beforeAll(async ({ app, db, config }) => {
    staff = await createUser(db, { roleId: 3 });
    asStaff = await signIn(app, staff);
    asCustomer = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id);
    today = todayIn(config.timeZone);
    const item = await createFoodItem(db, { name: "Bobotie", preparationTime: 20 });
    newOrder = async ({ customer, status = "ready", deliveryDate = today, id, minutesAgo = 0 }) =>
      (
        await createOrder(db, {
          ...(id ? { id } : {}),
          userId: customer,
          foodItemId: item.id,
          status,
          deliveryDate,
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
      ).id;
    customers.thandi = await customerNamed(db, "Thandi", "Botha");
    customers.pieter = await customerNamed(db, "Pieter", "van der Merwe");
    customers.percent = await customerNamed(db, "Honderd%", "Onder_Streep");
  });

  const lookUp = (app: App, q: string, cookie?: string) =>
    request(app, "GET", `/api/kitchen/counter?q=${encodeURIComponent(q)}`, { cookie });
  const found = async (app: App, q: string) => {
    const res = await lookUp(app, q, asStaff);
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return (res.json().data.orders as CounterOrder[]).map((o) => o.id);
  };
  // A POST is JSON (plugins/security.ts): the counter sends an empty object.
  const collect = (app: App, id: string, cookie?: string) =>
    request(app, "POST", `/api/kitchen/orders/${id}/collect`, { cookie, body: {} });
  const history = (db: Db, id: string) =>
    db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, id))
      .orderBy(asc(orderStatusChanges.id));

  describe("GET /api/kitchen/counter", () => {
    const ids: Record<string, string> = {};

    it.beforeAll(async ({ db }) => {
      ids.today = await newOrder({ customer: customers.thandi!, id: TODAY_ID, minutesAgo: 30 });
      ids.later = await newOrder({ customer: customers.thandi!, status: "processing", minutesAgo: 5 });
      // Placed now without a delivery date: today's in the canteen's time zone.
      ids.placed = await newOrder({ customer: customers.thandi!, status: "pending", deliveryDate: null });
      ids.tomorrow = await newOrder({
        customer: customers.thandi!,
        id: OTHER_DAY_ID,
        deliveryDate: addDaysIso(today, 1),
      });
      await db.update(orders).set({ pickupNumber: TOMORROW_NUMBER }).where(eq(orders.id, ids.tomorrow));
      ids.pieterYesterday = await newOrder({
        customer: customers.pieter!,
        deliveryDate: addDaysIso(today, -1),
      });
      ids.percent = await newOrder({ customer: customers.percent! });
    });

    it("finds a scanned code's order whatever its day, as the counter shows it", async ({ app }) => {
      const res = await lookUp(app, orderQrContent(ids.tomorrow!), asStaff);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: {
          orders: [
            {
              id: ids.tomorrow,
              pickupNumber: TOMORROW_NUMBER,
              status: "ready",
              quantity: 1,
              price: "45.50",
              createdAt: expect.any(String),
              statusChangedAt: expect.any(String),
              deliveryDate: addDaysIso(today, 1),
              orderDate: addDaysIso(today, 1),
              customerName: "Thandi Botha",
              customerId: customers.thandi,
              itemName: "Bobotie",
              preparationTime: 20,
              itemAllergens: [],
              allergyAlert: null,
              collected: null,
            },
          ],
        },
      });
      // A code read with spaces around it or in capitals is the same code.
      expect(await found(app, ` ${orderQrContent(ids.today!).toUpperCase()} `)).toEqual([ids.today]);
      // A code of an order that is not there finds nothing.
      expect(await found(app, orderQrContent("00000000-0000-4000-8000-000000000000"))).toEqual([]);
    });

    it("finds an order by its bare id, typed or pasted", async ({ app }) => {
      expect(await found(app, ids.pieterYesterday!)).toEqual([ids.pieterYesterday]);
      expect(await found(app, TODAY_ID.toUpperCase())).toEqual([ids.today]);
    });

    it("finds today's order by its pickup number, with or without #; a coming day's only when today has none", async ({
      db,
      app,
    }) => {
      const [mine] = await db
        .select({ n: orders.pickupNumber })
        .from(orders)
        .where(eq(orders.id, ids.today!));
      expect(await found(app, String(mine?.n))).toEqual([ids.today]);
      expect(await found(app, `#${mine?.n}`)).toEqual([ids.today]);
      // Tomorrow's order: today has none with that number, so the counter shows it (and its day).
      expect(await found(app, `#${TOMORROW_NUMBER}`)).toEqual([ids.tomorrow]);
      // Yesterday's orders are not looked for by number.
      const [past] = await db
        .select({ n: orders.pickupNumber })
        .from(orders)
        .where(eq(orders.id, ids.pieterYesterday!));
      await db.update(orders).set({ pickupNumber: 901 }).where(eq(orders.id, ids.pieterYesterday!));
      expect(await found(app, "901")).toEqual([]);
      await db.update(orders).set({ pickupNumber: past?.n }).where(eq(orders.id, ids.pieterYesterday!));
    });

    it("finds today's orders by any part of the customer's name, in any case, oldest first", async ({
      app,
    }) => {
      for (const q of ["thandi", "BOTHA", "Thandi Botha", "andi oth", "botha thandi"]) {
        expect(await found(app, q), q).toEqual([ids.today, ids.later, ids.placed]);
      }
      expect(await found(app, "Thandi Smit")).toEqual([]);
    });

    it("finds nothing by name for an order of a past day", async ({ app }) => {
      expect(await found(app, "Pieter")).toEqual([]);
      expect(await found(app, "van der Merwe")).toEqual([]);
    });

    it("answers at most 20 orders, the oldest first", async ({ app, db }) => {
      const many = await customerNamed(db, "Veelvuldig", "Besteller");
      const placed: string[] = [];
      for (let i = 0; i < 21; i++) placed.push(await newOrder({ customer: many, minutesAgo: 100 - i }));
      expect(await found(app, "Veelvuldig")).toEqual(placed.slice(0, 20));
    });

    it("takes % and _ as letters and hostile text as a name, never as SQL", async ({ app }) => {
      expect(await found(app, "%")).toEqual([ids.percent]);
      expect(await found(app, "_")).toEqual([ids.percent]);
      expect(await found(app, "d%")).toEqual([ids.percent]);
      expect(await found(app, "r_s")).toEqual([ids.percent]);
      expect(await found(app, "' or 1=1 --")).toEqual([]);
      expect(await found(app, "\\")).toEqual([]);
      expect(await found(app, "a b c d e f g")).toEqual([]);
    });

    it("refuses a missing, empty or too long search in the envelope", async ({ app }) => {
      for (const url of [
        "/api/kitchen/counter",
        "/api/kitchen/counter?q=",
        "/api/kitchen/counter?q=%20%20%20",
        `/api/kitchen/counter?q=${"a".repeat(101)}`,
        "/api/kitchen/counter?q=a%00b",
      ]) {
        const res = await request(app, "GET", url, { cookie: asStaff });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ success: false, code: "validation_failed" });
      }
      expect(await found(app, `${"a".repeat(99)} `)).toEqual([]);
    });

    it("is for signed-in staff only", async ({ app }) => {
      expect((await lookUp(app, "Thandi")).statusCode).toBe(401);
      const res = await lookUp(app, "Thandi", asCustomer);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
    });
  });

  describe("POST /api/kitchen/orders/:id/collect", () => {
    it("hands over an order whose allergy alert nobody confirmed only with 'Allergene nagegaan?' answered yes", async ({
      app,
      db,
    }) => {
      // Ready without an alert's question (its customer's allergy came later); the dish is unchecked.
      const customer = await customerNamed(db, "Sipho", "Allergie");
      const id = await newOrder({ customer });
      await giveAllergies(db, customer, [{ code: "peanuts", severity: "severe" }]);
      const asked = await collect(app, id, asStaff);
      expect([asked.statusCode, asked.json().code]).toEqual([409, "allergens_unconfirmed"]);
      expect(asked.json().message).toContain("nie nagegaan nie: grondboontjies");
      const [still] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      expect(still?.status).toBe("ready");
      const yes = await request(app, "POST", `/api/kitchen/orders/${id}/collect`, {
        cookie: asStaff,
        body: { allergensConfirmed: true },
      });
      expect(yes.statusCode, yes.body).toBe(200);
      const [stored] = await db
        .select({ status: orders.status, by: orders.allergensConfirmedBy })
        .from(orders)
        .where(eq(orders.id, id));
      expect(stored).toEqual({ status: "delivered", by: staff.id });
    });

    it("hands a ready order over once: delivered, recorded, and answered as the counter shows it", async ({
      app,
      db,
    }) => {
      const id = await newOrder({ customer: customers.thandi!, status: "ready" });
      const res = await collect(app, id, asStaff);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json() as { data: CounterOrder };
      expect(data).toMatchObject({ id, status: "delivered", orderDate: today, customerName: "Thandi Botha" });
      const rows = await history(db, id);
      expect(rows.map((r) => [r.fromStatus, r.toStatus, r.changedBy])).toEqual([
        ["ready", "delivered", staff.id],
      ]);
      expect(data.statusChangedAt).toBe(rows[0]?.changedAt.toISOString());

      // A second tap, or a second counter: told so, and nothing is recorded again.
      const again = await collect(app, id, asStaff);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        success: false,
        code: "already_collected",
        message: "Hierdie bestelling is reeds afgehaal. Niks is weer oorhandig nie.",
      });
      expect((await history(db, id)).filter((r) => r.toStatus === "delivered")).toHaveLength(1);
    });

    it("tells a second scan who handed the order over and when, from the status history", async ({
      app,
      db,
    }) => {
      const id = await newOrder({ customer: customers.thandi!, status: "ready" });
      expect((await collect(app, id, asStaff)).statusCode).toBe(200);
      const [handOver] = await history(db, id);
      const res = await lookUp(app, orderQrContent(id), asStaff);
      expect(res.statusCode, res.body).toBe(200);
      const [scanned] = res.json().data.orders as CounterOrder[];
      expect(scanned?.collected).toEqual({
        at: handOver?.changedAt.toISOString(),
        by: "Toets Gebruiker 3",
      });

      // An undo and a hand-over by another cook: the last hand-over counts.
      const otherCook = await createUser(db, { roleId: 3 });
      await db
        .update(users)
        .set({ firstName: "Sipho", lastName: "Dlamini" })
        .where(eq(users.id, otherCook.id));
      const asOtherCook = await signIn(app, otherCook);
      const back = await request(app, "PATCH", `/api/orders/${id}/status`, {
        cookie: asStaff,
        body: { status: "ready" },
      });
      expect(back.statusCode, back.body).toBe(200);
      expect((await collect(app, id, asOtherCook)).statusCode).toBe(200);
      const last = (await history(db, id)).at(-1);
      const [again] = (await lookUp(app, orderQrContent(id), asStaff)).json().data.orders as CounterOrder[];
      expect(again?.collected).toEqual({
        at: last?.changedAt.toISOString(),
        by: "Sipho Dlamini",
      });

      // An order not handed over has no hand-over to tell.
      const waiting = await newOrder({ customer: customers.thandi!, status: "ready" });
      const [open] = (await lookUp(app, orderQrContent(waiting), asStaff)).json().data
        .orders as CounterOrder[];
      expect(open?.collected).toBeNull();
    });

    it("lets only one of two simultaneous taps hand the order over", async ({ app, db }) => {
      const id = await newOrder({ customer: customers.thandi!, status: "ready" });
      const answers = await Promise.all([collect(app, id, asStaff), collect(app, id, asStaff)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().code).toBe("already_collected");
      expect(await history(db, id)).toHaveLength(1);
    });

    it("refuses an order the kitchen has not finished, or that is closed, and changes nothing", async ({
      app,
      db,
    }) => {
      for (const status of ["pending", "paid", "processing", "cancelled", "failed"] as const) {
        const id = await newOrder({ customer: customers.thandi!, status });
        const res = await collect(app, id, asStaff);
        expect(res.statusCode, status).toBe(409);
        expect(res.json().code, status).toBe("status_transition_forbidden");
        const [order] = await db.select().from(orders).where(eq(orders.id, id));
        expect(order?.status).toBe(status);
        expect(await history(db, id)).toHaveLength(0);
      }
    });

    it("answers an unknown or malformed id 404 in the envelope", async ({ app }) => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "nie-n-id", "%27%20or%201%3D1", "1"]) {
        const res = await collect(app, id, asStaff);
        expect(res.statusCode, id).toBe(404);
        expect(res.json(), id).toMatchObject({ success: false, code: "not_found" });
      }
    });

    it("is for signed-in staff only", async ({ app, db }) => {
      const id = await newOrder({ customer: customers.thandi!, status: "ready" });
      expect((await collect(app, id)).statusCode).toBe(401);
      const res = await collect(app, id, asCustomer);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
      expect(await history(db, id)).toHaveLength(0);
    });
  });

  // The planner's choice is PostgreSQL's; PGlite runs the same SQL, its plans are not the budget.
  it.skipIf(testBackend !== "postgres")(
    "reads a day's orders through its indexes, never a scan",
    async ({ db, config }) => {
      const query = (q: string) =>
        counterOrdersQuery(counterWhere(q, { today: "2030-03-04", timeZone: config.timeZone }));
      // Fills the table once; the other searches are planned on it as it is.
      expect(await planOnFilledOrders(db, query("Thandi Botha"))).toContain("orders_delivery_date_idx");
      for (const q of ["Thandi Botha", "1C3D42", "3D42", TODAY_ID]) {
        const plan = await queryRows(db, sql`explain ${query(q)}`, queryPlanRow);
        expect(plan.map((r) => r["QUERY PLAN"]).join("\n"), q).not.toMatch(/Seq Scan on orders/);
      }
    },
  );
});
