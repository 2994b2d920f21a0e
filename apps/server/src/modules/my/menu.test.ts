import { currentSchoolMonday } from "@kantien/domain/canteen";
import { addDaysIso, todayIn } from "@kantien/domain/dates";
import { DEFAULT_TIMEZONE } from "@kantien/domain/time-zone";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
} from "../../test/fixtures";
import { request } from "../../test/request";

const it = appTest({ clock: () => NOW });
let me: { id: string };
let asMe: string;
let asOther: string;
// The canteen's clock: Thursday 6 March 2031, 10:00 in Johannesburg, whatever day the tests run on.
const NOW = new Date("2031-03-06T08:00:00Z");
const thisWeek = currentSchoolMonday(todayIn(DEFAULT_TIMEZONE, NOW));
// The week after the one customers order in now: every day is still open under the default rules.
const nextWeek = addDaysIso(thisWeek, 7);

it.beforeAll(async ({ db }) => {
  me = await createUser(db, { roleId: 1 });
  asMe = await sessionCookieFor(db, me.id, NOW);
  asOther = await sessionCookieFor(db, (await createUser(db, { roleId: 2 })).id, NOW);
});

const menu = (app: App, cookie: string, week?: string) =>
  request(app, "GET", `/api/my/menu${week === undefined ? "" : `?week=${encodeURIComponent(week)}`}`, {
    cookie,
  });

describe("GET /api/my/menu", () => {
  it("shows a week's five school days: the item, open until 09:00 on the day, and only my orders", async ({
    app,
    db,
  }) => {
    const weekMenu = await createWeeklyMenu(db, { dateFrom: nextWeek });
    const monday = await createFoodItem(db, {
      weeklyMenuId: weekMenu.id,
      dayOfWeek: "Maandag",
      name: "Bobotie",
      price: "42.50",
    });
    await createFoodItem(db, { weeklyMenuId: weekMenu.id, dayOfWeek: "Woensdag", name: "Bredie" });
    const mine = await createOrder(db, {
      userId: me.id,
      foodItemId: monday.id,
      deliveryDate: nextWeek,
      quantity: 2,
      status: "paid",
    });
    const other = await createUser(db, { roleId: 1 });
    await createOrder(db, { userId: other.id, foodItemId: monday.id, deliveryDate: nextWeek });

    const res = await menu(app, asMe, nextWeek);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.week).toBe(nextWeek);
    expect(data.maxQuantity).toBe(5);
    expect(data.days.map((d: { date: string }) => d.date)).toEqual(
      [0, 1, 2, 3, 4].map((i) => addDaysIso(nextWeek, i)),
    );
    expect(data.days[0]).toEqual({
      date: nextWeek,
      item: {
        id: monday.id,
        name: "Bobotie",
        description: "Met 'n slaai",
        price: "42.50",
        imageUrl: null,
        // Nothing declared and nobody checked it: not "free of" anything, and no warnings.
        allergens: [],
        diet: [],
        allergensChecked: null,
        allergenWarnings: [],
        // The kitchen set no cap on the portions.
        portionsLeft: null,
      },
      orderable: true,
      closedReason: null,
      cutoffAt: new Date(`${nextWeek}T09:00:00+02:00`).toISOString(),
      orders: [{ id: mine.id, quantity: 2, status: "paid", total: "91.00" }],
    });
    // A day without an item cannot be ordered; the other customer's order is not mine.
    expect(data.days[1]).toMatchObject({ item: null, orderable: false, orders: [] });
    expect(data.days[2]).toMatchObject({ item: { name: "Bredie" }, orderable: true, orders: [] });

    // The other customer sees the same menu with none of my orders.
    const theirs = (await menu(app, asOther, nextWeek)).json().data;
    expect(theirs.days[0].orders).toEqual([]);
  });

  it("closes past days and days beyond the canteen's horizon, and defaults to the week ordered in now", async ({
    app,
  }) => {
    const past = (await menu(app, asMe, addDaysIso(thisWeek, -7))).json().data;
    expect(past.days.every((d: { closedReason: string }) => d.closedReason === "past")).toBe(true);
    const far = (await menu(app, asMe, addDaysIso(thisWeek, 14))).json().data;
    expect(far.days.every((d: { closedReason: string }) => d.closedReason === "beyond_horizon")).toBe(true);
    expect((await menu(app, asMe)).json().data.week).toBe(thisWeek);
  });

  it("takes only a Monday as the week", async ({ app }) => {
    for (const week of [addDaysIso(thisWeek, 1), "2026-02-30", "maandag", "'; drop table orders; --"]) {
      const res = await menu(app, asMe, week);
      expect(res.statusCode, week).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
    }
  });

  it("is for customers: 401 signed out, 403 for a cook", async ({ app, db }) => {
    expect((await request(app, "GET", "/api/my/menu")).statusCode).toBe(401);
    const cook = await signIn(app, await createUser(db, { roleId: 3 }));
    expect((await menu(app, cook)).statusCode).toBe(403);
  });
});
