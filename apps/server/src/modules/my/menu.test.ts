import { currentSchoolMonday } from "@kantien/domain/canteen";
import { addDaysIso, todayIn } from "@kantien/domain/dates";
import { DEFAULT_TIMEZONE } from "@kantien/domain/time-zone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let me: { id: string };
let asMe: string;
let asOther: string;
// The canteen's clock: Thursday 6 March 2031, 10:00 in Johannesburg, whatever day the tests run on.
const NOW = new Date("2031-03-06T08:00:00Z");
const thisWeek = currentSchoolMonday(todayIn(DEFAULT_TIMEZONE, NOW));
// The week after the one customers order in now: every day is still open under the default rules.
const nextWeek = addDaysIso(thisWeek, 7);

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  me = await createUser(t.db, { roleId: 1 });
  asMe = await sessionCookieFor(t.db, me.id, NOW);
  asOther = await sessionCookieFor(t.db, (await createUser(t.db, { roleId: 2 })).id, NOW);
});
afterAll(async () => t.close());

const menu = (cookie: string, week?: string) =>
  request(t.app, "GET", `/api/my/menu${week === undefined ? "" : `?week=${encodeURIComponent(week)}`}`, {
    cookie,
  });

describe("GET /api/my/menu", () => {
  it("shows a week's five school days: the item, open until 09:00 on the day, and only my orders", async () => {
    const weekMenu = await createWeeklyMenu(t.db, { dateFrom: nextWeek });
    const monday = await createFoodItem(t.db, {
      weeklyMenuId: weekMenu.id,
      dayOfWeek: "Maandag",
      name: "Bobotie",
      price: "42.50",
    });
    await createFoodItem(t.db, { weeklyMenuId: weekMenu.id, dayOfWeek: "Woensdag", name: "Bredie" });
    const mine = await createOrder(t.db, {
      userId: me.id,
      foodItemId: monday.id,
      deliveryDate: nextWeek,
      quantity: 2,
      status: "paid",
    });
    const other = await createUser(t.db, { roleId: 1 });
    await createOrder(t.db, { userId: other.id, foodItemId: monday.id, deliveryDate: nextWeek });

    const res = await menu(asMe, nextWeek);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.week).toBe(nextWeek);
    expect(data.maxQuantity).toBe(5);
    expect(data.days.map((d: { date: string }) => d.date)).toEqual(
      [0, 1, 2, 3, 4].map((i) => addDaysIso(nextWeek, i)),
    );
    expect(data.days[0]).toEqual({
      date: nextWeek,
      item: { id: monday.id, name: "Bobotie", description: "Met 'n slaai", price: "42.50", imageUrl: null },
      orderable: true,
      closedReason: null,
      cutoffAt: new Date(`${nextWeek}T09:00:00+02:00`).toISOString(),
      orders: [{ id: mine.id, quantity: 2, status: "paid", total: "91.00" }],
    });
    // A day without an item cannot be ordered; the other customer's order is not mine.
    expect(data.days[1]).toMatchObject({ item: null, orderable: false, orders: [] });
    expect(data.days[2]).toMatchObject({ item: { name: "Bredie" }, orderable: true, orders: [] });

    // The other customer sees the same menu with none of my orders.
    const theirs = (await menu(asOther, nextWeek)).json().data;
    expect(theirs.days[0].orders).toEqual([]);
  });

  it("closes past days and days beyond the canteen's horizon, and defaults to the week ordered in now", async () => {
    const past = (await menu(asMe, addDaysIso(thisWeek, -7))).json().data;
    expect(past.days.every((d: { closedReason: string }) => d.closedReason === "past")).toBe(true);
    const far = (await menu(asMe, addDaysIso(thisWeek, 14))).json().data;
    expect(far.days.every((d: { closedReason: string }) => d.closedReason === "beyond_horizon")).toBe(true);
    expect((await menu(asMe)).json().data.week).toBe(thisWeek);
  });

  it("takes only a Monday as the week", async () => {
    for (const week of [addDaysIso(thisWeek, 1), "2026-02-30", "maandag", "'; drop table orders; --"]) {
      const res = await menu(asMe, week);
      expect(res.statusCode, week).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
    }
  });

  it("is for customers: 401 signed out, 403 for a cook", async () => {
    expect((await request(t.app, "GET", "/api/my/menu")).statusCode).toBe(401);
    const cook = await signIn(t.app, await createUser(t.db, { roleId: 3 }));
    expect((await menu(cook)).statusCode).toBe(403);
  });
});
