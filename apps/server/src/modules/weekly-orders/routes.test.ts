import { addDaysIso, mondayOf, todayIn } from "@kantien/domain/dates";
import type { WeeklyOrders } from "@kantien/domain/weekly-orders";
import { describe, expect } from "vitest";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  planOnFilledOrders,
  sessionCookieFor,
  signIn,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";
import { weeklyOrdersQuery } from "./queries";

const MONDAY = "2031-06-09";
const FRIDAY = "2031-06-13";

const it = appTest();

describe("weekly orders", () => {
  let asStaff: string;
  const ids: Record<string, string> = {};

  it.beforeAll(async ({ app, db }) => {
    asStaff = await signIn(app, await createUser(db, { roleId: 4 }));
    const customer = await createUser(db, { roleId: 1 });
    const bobotie = await createFoodItem(db, { name: "Bobotie" });
    const vis = await createFoodItem(db, { name: "Vis en skyfies", dayOfWeek: "Vrydag" });
    // Each order a second after the last: a day lists its orders by creation, and two made in
    // the same millisecond would fall back to their random ids.
    let made = Date.now() - 3_600_000;
    const order = (
      deliveryDate: string | null,
      foodItemId: string,
      quantity: number,
      status: "pending" | "ready" | "cancelled" | "failed" = "pending",
    ) => {
      made += 1000;
      const createdAt = new Date(made);
      return createOrder(db, {
        userId: customer.id,
        foodItemId,
        deliveryDate,
        quantity,
        status,
        createdAt,
      });
    };
    ids.sundayBefore = (await order(addDaysIso(MONDAY, -1), bobotie.id, 1)).id;
    ids.monday = (await order(MONDAY, bobotie.id, 2)).id;
    ids.mondayReady = (await order(MONDAY, bobotie.id, 3, "ready")).id;
    ids.mondayCancelled = (await order(MONDAY, bobotie.id, 5, "cancelled")).id;
    ids.friday = (await order(FRIDAY, vis.id, 1)).id;
    ids.fridayFailed = (await order(FRIDAY, vis.id, 4, "failed")).id;
    ids.saturdayAfter = (await order(addDaysIso(FRIDAY, 1), vis.id, 1)).id;
    ids.undated = (await order(null, bobotie.id, 1)).id;
  });

  it("answers only that week's orders, per day, names joined, with each day's prep sheet", async ({
    app,
  }) => {
    const res = await request(app, "GET", `/api/weekly-orders?weekStart=${MONDAY}`, { cookie: asStaff });
    expect(res.statusCode).toBe(200);
    const week = res.json().data as WeeklyOrders;
    expect(week.weekStart).toBe(MONDAY);
    expect(week.weekEnd).toBe(FRIDAY);
    expect(week.days.map((d) => d.date)).toEqual([MONDAY, "2031-06-10", "2031-06-11", "2031-06-12", FRIDAY]);
    expect(week.days.map((d) => d.orders.map((o) => o.id))).toEqual([
      [ids.monday, ids.mondayReady, ids.mondayCancelled],
      [],
      [],
      [],
      [ids.friday, ids.fridayFailed],
    ]);
    expect(week.days[0]?.orders.map((o) => o.pickupNumber)).toEqual([1, 2, 3]);
    expect(week.days[0]?.orders[0]).toEqual({
      id: ids.monday,
      pickupNumber: 1,
      status: "pending",
      quantity: 2,
      deliveryDate: MONDAY,
      customerName: "Toets Gebruiker 1",
      itemName: "Bobotie",
    });
    expect(week.days[0]?.prep).toEqual([{ itemName: "Bobotie", quantity: 5 }]);
    expect(week.days[4]?.prep).toEqual([{ itemName: "Vis en skyfies", quantity: 1 }]);
    const all = week.days.flatMap((d) => d.orders.map((o) => o.id));
    for (const outside of [ids.sundayBefore, ids.saturdayAfter, ids.undated])
      expect(all).not.toContain(outside);
  });

  it("defaults to the week of today in the canteen's time zone", async ({ app, config }) => {
    const monday = mondayOf(todayIn(config.timeZone));
    const res = await request(app, "GET", "/api/weekly-orders", { cookie: asStaff });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.weekStart).toBe(monday);
    expect(res.json().data.days).toHaveLength(5);
  });

  it("is for signed-in staff only", async ({ app, db }) => {
    expect((await request(app, "GET", `/api/weekly-orders?weekStart=${MONDAY}`)).statusCode).toBe(401);
    const customer = await createUser(db, { roleId: 2 });
    const cookie = await sessionCookieFor(db, customer.id);
    const res = await request(app, "GET", `/api/weekly-orders?weekStart=${MONDAY}`, { cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("forbidden");
    const kitchen = await signIn(app, await createUser(db, { roleId: 3 }));
    expect(
      (await request(app, "GET", `/api/weekly-orders?weekStart=${MONDAY}`, { cookie: kitchen })).statusCode,
    ).toBe(200);
  });

  it("refuses a weekStart that is not a Monday, with the catalogue's message", async ({ app }) => {
    for (const bad of ["2031-06-10", "2031-06-08", "2031-02-31", "09-06-2031", "today"]) {
      const res = await request(app, "GET", `/api/weekly-orders?weekStart=${bad}`, { cookie: asStaff });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: "validation_failed",
        message: "Sommige velde is ongeldig. Kyk asseblief weer.",
        details: [{ field: "weekStart", message: "Hierdie waarde is ongeldig." }],
      });
    }
  });

  // The planner's choice is PostgreSQL's; PGlite runs the same SQL, its plans are not the budget.
  it.skipIf(testBackend !== "postgres")(
    "reads the week through orders_delivery_date_idx, not a scan",
    async ({ db }) => {
      const text = await planOnFilledOrders(db, weeklyOrdersQuery(db, { weekStart: MONDAY }));
      expect(text).toContain("orders_delivery_date_idx");
      expect(text).not.toMatch(/Seq Scan on orders/);
    },
  );
});
