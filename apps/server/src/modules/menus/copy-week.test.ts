import { addDaysIso } from "@kantien/domain/dates";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { foodItemAllergens, foodItems, weeklyMenus } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createFoodItem, createUser, createWeeklyMenu, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";

// The canteen's clock: Wednesday 5 March 2031, 10:00 in Johannesburg, whatever day the tests run on.
const NOW = new Date("2031-03-05T08:00:00Z");
const it = appTest({ clock: () => NOW });
const thisWeek = "2031-03-03";
const weekAfter = (monday: string, weeks: number) => addDaysIso(monday, 7 * weeks);

let adminId: string;
let asAdmin: string;
let asCook: string;
let asCustomer: string;

it.beforeAll(async ({ db }) => {
  adminId = (await createUser(db, { roleId: 4 })).id;
  asAdmin = await sessionCookieFor(db, adminId, NOW);
  asCook = await sessionCookieFor(db, (await createUser(db, { roleId: 3 })).id, NOW);
  asCustomer = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id, NOW);
});

const copy = (app: App, body: unknown, cookie: string | null = asAdmin) =>
  request(app, "POST", "/api/admin/menus/copy-week", { ...(cookie ? { cookie } : {}), body });

/** A week's menu with dishes on the given days. */
async function weekWith(db: Db, monday: string, days: ("Maandag" | "Woensdag" | "Donderdag" | "Vrydag")[]) {
  const menu = await createWeeklyMenu(db, { dateFrom: monday });
  for (const day of days) {
    await createFoodItem(db, { weeklyMenuId: menu.id, dayOfWeek: day, name: `Gereg ${day}`, price: "52.00" });
  }
  return menu;
}

const dishesOf = async (db: Db, monday: string) => {
  const [menu] = await db.select().from(weeklyMenus).where(eq(weeklyMenus.dateFrom, monday));
  if (!menu) return null;
  return db
    .select()
    .from(foodItems)
    .where(and(eq(foodItems.weeklyMenuId, menu.id), isNull(foodItems.retiredAt)))
    .orderBy(foodItems.dayOfWeek);
};

describe("POST /api/admin/menus/copy-week", () => {
  it("copies last week's dishes onto the same days of a new week, made for it", async ({ app, db }) => {
    const source = weekAfter(thisWeek, 1);
    const target = weekAfter(thisWeek, 2);
    await weekWith(db, source, ["Maandag", "Woensdag", "Vrydag"]);
    await db
      .update(foodItems)
      .set({ imageUrl: "/uploads/bobotie.webp", preparationTime: 25 })
      .where(eq(foodItems.name, "Gereg Maandag"));

    const res = await copy(app, { week: target });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { dateFrom: target, dateTo: addDaysIso(target, 4), copied: 3 },
    });
    const copied = await dishesOf(db, target);
    expect(copied?.map((d) => [d.dayOfWeek, d.name, d.price])).toEqual([
      ["Maandag", "Gereg Maandag", "52.00"],
      ["Woensdag", "Gereg Woensdag", "52.00"],
      ["Vrydag", "Gereg Vrydag", "52.00"],
    ]);
    expect(copied?.[0]).toMatchObject({ imageUrl: "/uploads/bobotie.webp", preparationTime: 25 });
    // The source week keeps its own dishes.
    expect(await dishesOf(db, source)).toHaveLength(3);
  });

  it("keeps each dish's allergen declaration, diet and check (decision 0041)", async ({ app, db }) => {
    const source = weekAfter(thisWeek, 20);
    const target = weekAfter(thisWeek, 21);
    await weekWith(db, source, ["Maandag", "Donderdag"]);
    const [monday, thursday] = (await dishesOf(db, source))!;
    const checkedAt = new Date("2031-03-04T07:00:00Z");
    await db
      .update(foodItems)
      .set({ diet: ["halaal"], allergensCheckedBy: adminId, allergensCheckedAt: checkedAt })
      .where(eq(foodItems.id, monday!.id));
    await db.insert(foodItemAllergens).values([
      { foodItemId: monday!.id, code: "gluten", level: "contains" },
      { foodItemId: monday!.id, code: "milk", level: "may_contain" },
      { foodItemId: thursday!.id, code: "peanuts", level: "contains" },
    ]);

    expect((await copy(app, { week: target })).statusCode).toBe(200);

    const [copiedMonday, copiedThursday] = (await dishesOf(db, target))!;
    expect(copiedMonday).toMatchObject({
      name: "Gereg Maandag",
      diet: ["halaal"],
      allergensCheckedBy: adminId,
      allergensCheckedAt: checkedAt,
    });
    expect(copiedThursday).toMatchObject({ diet: [], allergensCheckedBy: null, allergensCheckedAt: null });
    const list = await request(
      app,
      "GET",
      `/api/admin/data/food_item?weekly_menu_id=${copiedMonday!.weeklyMenuId}`,
      {
        cookie: asAdmin,
      },
    );
    expect(
      list.json().data.map((d: Record<string, unknown>) => [d.day_of_week, d.allergens, d.diet]),
    ).toEqual([
      [
        "Maandag",
        [
          { code: "gluten", level: "contains" },
          { code: "milk", level: "may_contain" },
        ],
        ["halaal"],
      ],
      ["Donderdag", [{ code: "peanuts", level: "contains" }], []],
    ]);
    expect(list.json().data[0].allergensChecked).toEqual({
      by: expect.any(String),
      at: checkedAt.toISOString(),
    });
    expect(list.json().data[1].allergensChecked).toBeNull();
    // The source week keeps its own declarations.
    expect(
      await db.select().from(foodItemAllergens).where(eq(foodItemAllergens.foodItemId, monday!.id)),
    ).toHaveLength(2);
  });

  it("refuses a week that already has dishes, and adds nothing", async ({ app, db }) => {
    const source = weekAfter(thisWeek, 3);
    const target = weekAfter(thisWeek, 4);
    await weekWith(db, source, ["Maandag", "Donderdag"]);
    await weekWith(db, target, ["Woensdag"]);

    const res = await copy(app, { week: target });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: "menu_copy_target_not_empty",
      message: "Hierdie week het reeds geregte. Skrap hulle eers, of wysig die dae een vir een.",
    });
    expect((await dishesOf(db, target))?.map((d) => d.name)).toEqual(["Gereg Woensdag"]);
  });

  it("fills an existing empty menu", async ({ app, db }) => {
    const source = weekAfter(thisWeek, 5);
    const target = weekAfter(thisWeek, 6);
    await weekWith(db, source, ["Vrydag"]);
    const menu = await createWeeklyMenu(db, { dateFrom: target });

    const res = await copy(app, { week: target });

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ menuId: menu.id, copied: 1 });
  });

  it("says so when last week has nothing to copy", async ({ app, db }) => {
    const target = weekAfter(thisWeek, 8);
    // No menu at all last week, then a menu without dishes.
    expect((await copy(app, { week: target })).json()).toMatchObject({ code: "menu_copy_source_empty" });
    await createWeeklyMenu(db, { dateFrom: weekAfter(thisWeek, 7) });
    const res = await copy(app, { week: target });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "menu_copy_source_empty",
      message: "Verlede week het geen geregte om te kopieer nie.",
    });
    expect(await dishesOf(db, target)).toBeNull();
  });

  it("never fills a day that has come: this week only after today, a past week not at all", async ({
    app,
    db,
  }) => {
    await weekWith(db, weekAfter(thisWeek, -1), ["Maandag", "Woensdag", "Donderdag", "Vrydag"]);
    // This week has no menu: it may no longer be made (its Monday has come).
    const missing = await copy(app, { week: thisWeek });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "weekly_menu_not_future" });

    // With this week's menu in place, only Thursday and Friday (after Wednesday, today) take a dish.
    await createWeeklyMenu(db, { dateFrom: thisWeek });
    const res = await copy(app, { week: thisWeek });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.copied).toBe(2);
    expect((await dishesOf(db, thisWeek))?.map((d) => d.dayOfWeek)).toEqual(["Donderdag", "Vrydag"]);

    const past = await copy(app, { week: weekAfter(thisWeek, -1) });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: "menu_copy_no_days_left" });
  });

  it("is for admins only", async ({ app, db }) => {
    await weekWith(db, weekAfter(thisWeek, 9), ["Maandag"]);
    const target = { week: weekAfter(thisWeek, 10) };
    expect((await copy(app, target, null)).statusCode).toBe(401);
    expect((await copy(app, target, asCook)).statusCode).toBe(403);
    expect((await copy(app, target, asCustomer)).statusCode).toBe(403);
    expect(await dishesOf(db, target.week)).toBeNull();
  });

  it("answers bad input with 400 in the envelope", async ({ app }) => {
    for (const body of [{}, { week: "2031-03-11" }, { week: "volgende week" }, { week: 20310310 }, []]) {
      const res = await copy(app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });
});
