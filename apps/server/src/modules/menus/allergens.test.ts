import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { foodItemAllergens, foodItems, users } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createFoodItem, createUser, createWeeklyMenu, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";

// The canteen's clock, so the check's time is known.
const NOW = new Date("2031-03-05T08:00:00Z");
const LATER = new Date("2031-03-05T09:30:00Z");
let now = NOW;
const it = appTest({ clock: () => now });

let asAdmin: string;
let asOtherAdmin: string;
let asCook: string;
let asCustomer: string;

it.beforeAll(async ({ db }) => {
  const admin = await createUser(db, { roleId: 4 });
  await db.update(users).set({ firstName: "Anna", lastName: "Admin" }).where(eq(users.id, admin.id));
  const other = await createUser(db, { roleId: 4 });
  await db.update(users).set({ firstName: "Bennie", lastName: "Bestuur" }).where(eq(users.id, other.id));
  asAdmin = await sessionCookieFor(db, admin.id, NOW);
  asOtherAdmin = await sessionCookieFor(db, other.id, NOW);
  asCook = await sessionCookieFor(db, (await createUser(db, { roleId: 3 })).id, NOW);
  asCustomer = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id, NOW);
});

const save = (app: App, menuId: string, day: string, body: object, cookie = asAdmin) =>
  request(app, "PUT", `/api/admin/menus/${menuId}/days/${day}/food-item`, { cookie, body });
const form = { name: "Vetkoek", description: "Met kerriemaalvleis", price: "42.00" };
const vetkoek = [
  { code: "milk", level: "contains" },
  { code: "gluten", level: "contains" },
  { code: "eggs", level: "may_contain" },
];
/** As every answer gives it: in the list's order. */
const vetkoekInOrder = [
  { code: "gluten", level: "contains" },
  { code: "eggs", level: "may_contain" },
  { code: "milk", level: "contains" },
];
const checkedBy = (by: string, at: Date) => ({ by, at: at.toISOString() });

const stored = async (db: Db, id: string) => ({
  item: (await db.select().from(foodItems).where(eq(foodItems.id, id)))[0],
  allergens: (
    await db
      .select({ code: foodItemAllergens.code, level: foodItemAllergens.level })
      .from(foodItemAllergens)
      .where(eq(foodItemAllergens.foodItemId, id))
  ).sort((a, b) => a.code.localeCompare(b.code)),
});

/** A dish the admin Anna declared and confirmed at NOW. */
async function checkedDish(app: App, db: Db, day = "Maandag") {
  now = NOW;
  const menu = await createWeeklyMenu(db);
  const res = await save(app, menu.id, day, {
    ...form,
    allergens: vetkoek,
    diet: ["halaal"],
    allergensConfirmed: true,
  });
  expect(res.statusCode).toBe(200);
  return { menuId: menu.id, id: res.json().data.id as string };
}

describe("a dish's allergen declaration (decision 0041)", () => {
  it("saves the declaration, diet and check with a new dish, and answers them in the list's order", async ({
    app,
    db,
  }) => {
    now = NOW;
    const menu = await createWeeklyMenu(db);
    const res = await save(app, menu.id, "Dinsdag", {
      ...form,
      allergens: vetkoek,
      diet: ["halaal", "vegetarian"],
      allergensConfirmed: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: "Vetkoek",
      allergens: vetkoekInOrder,
      diet: ["vegetarian", "halaal"],
      allergensChecked: checkedBy("Anna Admin", NOW),
    });
    const { item, allergens } = await stored(db, res.json().data.id);
    expect(allergens).toEqual([
      { code: "eggs", level: "may_contain" },
      { code: "gluten", level: "contains" },
      { code: "milk", level: "contains" },
    ]);
    expect(item).toMatchObject({ diet: ["vegetarian", "halaal"], allergensCheckedAt: NOW });

    // The week's list and one item through the data API carry the same.
    const list = await request(app, "GET", `/api/admin/data/food_item?weekly_menu_id=${menu.id}`, {
      cookie: asAdmin,
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        allergens: vetkoekInOrder,
        diet: ["vegetarian", "halaal"],
        allergensChecked: checkedBy("Anna Admin", NOW),
      }),
    ]);
    const one = await request(app, "GET", `/api/admin/data/food_item/${item!.id}`, { cookie: asCook });
    expect(one.json().data).toMatchObject({ allergens: vetkoekInOrder, diet: ["vegetarian", "halaal"] });
  });

  it("leaves a dish saved without a confirmation unchecked, declaring nothing when it says nothing", async ({
    app,
    db,
  }) => {
    const menu = await createWeeklyMenu(db);
    const declared = await save(app, menu.id, "Maandag", { ...form, allergens: vetkoek });
    expect(declared.json().data).toMatchObject({
      allergens: vetkoekInOrder,
      diet: [],
      allergensChecked: null,
    });
    const plain = await save(app, menu.id, "Dinsdag", form);
    expect(plain.json().data).toMatchObject({ allergens: [], diet: [], allergensChecked: null });
    // A dish made before declarations, through the data API, answers the same way.
    const old = await createFoodItem(db);
    const read = await request(app, "GET", `/api/admin/data/food_item/${old.id}`, { cookie: asAdmin });
    expect(read.json().data).toMatchObject({ allergens: [], diet: [], allergensChecked: null });
  });

  it("clears the check when the name, the description or the allergens change without a confirmation", async ({
    app,
    db,
  }) => {
    for (const change of [
      { name: "Vetkoek met kaas" },
      { description: "Met maalvleis en kaas" },
      { allergens: [...vetkoek, { code: "mustard", level: "may_contain" }] },
      { allergens: [{ code: "gluten", level: "may_contain" }, ...vetkoek.slice(0, 1), vetkoek[2]] },
      { allergens: [] },
    ]) {
      const dish = await checkedDish(app, db);
      const res = await save(app, dish.menuId, "Maandag", {
        ...form,
        allergens: vetkoek,
        id: dish.id,
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      expect(res.json().data.allergensChecked, JSON.stringify(change)).toBeNull();
      const { item } = await stored(db, dish.id);
      expect(item).toMatchObject({ allergensCheckedBy: null, allergensCheckedAt: null });
    }
  });

  it("keeps the check when a save changes none of them: the price, the day, the diet, the same list in another order", async ({
    app,
    db,
  }) => {
    const dish = await checkedDish(app, db);
    now = LATER;
    const res = await save(app, dish.menuId, "Woensdag", {
      ...form,
      id: dish.id,
      price: "45.00",
      preparation_time: 30,
      diet: [],
      allergens: [...vetkoek].reverse(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      price: "45.00",
      day_of_week: "Woensdag",
      diet: [],
      allergens: vetkoekInOrder,
      allergensChecked: checkedBy("Anna Admin", NOW),
    });
    // Allergens left out stay as they were, and so does the check.
    const without = await save(app, dish.menuId, "Woensdag", { ...form, id: dish.id, price: "46.00" });
    expect(without.json().data).toMatchObject({
      allergens: vetkoekInOrder,
      allergensChecked: checkedBy("Anna Admin", NOW),
    });
  });

  it("records the admin who confirms a changed declaration, and lets an admin withdraw a check", async ({
    app,
    db,
  }) => {
    const dish = await checkedDish(app, db);
    now = LATER;
    const changed = [{ code: "peanuts", level: "contains" }];
    const confirmed = await save(
      app,
      dish.menuId,
      "Maandag",
      { ...form, id: dish.id, allergens: changed, allergensConfirmed: true },
      asOtherAdmin,
    );
    expect(confirmed.json().data).toMatchObject({
      allergens: changed,
      allergensChecked: checkedBy("Bennie Bestuur", LATER),
    });
    const withdrawn = await save(app, dish.menuId, "Maandag", {
      ...form,
      id: dish.id,
      allergensConfirmed: false,
    });
    expect(withdrawn.json().data).toMatchObject({ allergens: changed, allergensChecked: null });
  });

  it("a replacement starts its own declaration: the replaced dish's check does not pass to it", async ({
    app,
    db,
  }) => {
    const dish = await checkedDish(app, db, "Donderdag");
    const res = await save(app, dish.menuId, "Donderdag", {
      ...form,
      name: "Satay-hoender",
      replace: true,
      allergens: [{ code: "peanuts", level: "contains" }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      replaced: dish.id,
      data: { allergens: [{ code: "peanuts", level: "contains" }], allergensChecked: null },
    });
  });

  it("refuses a bad code, level, duplicate or diet tag with 400 in the envelope and changes nothing", async ({
    app,
    db,
  }) => {
    const dish = await checkedDish(app, db);
    const menu = await createWeeklyMenu(db);
    for (const bad of [
      { allergens: [{ code: "chocolate", level: "contains" }] },
      { allergens: [{ code: "gluten", level: "lots" }] },
      { allergens: [{ code: "gluten" }] },
      { allergens: [{ code: "gluten", level: "contains", note: "x" }] },
      {
        allergens: [
          { code: "gluten", level: "contains" },
          { code: "gluten", level: "may_contain" },
        ],
      },
      { allergens: "gluten" },
      { diet: ["keto"] },
      { diet: ["halaal", "halaal"] },
      { allergensConfirmed: "yes" },
    ]) {
      const edit = await save(app, dish.menuId, "Maandag", {
        ...form,
        id: dish.id,
        name: "Ander naam",
        allergensConfirmed: true,
        ...bad,
      });
      expect(edit.statusCode, JSON.stringify(bad)).toBe(400);
      expect(edit.json()).toMatchObject({
        success: false,
        code: "validation_failed",
        message: expect.any(String),
      });
      const added = await save(app, menu.id, "Dinsdag", { ...form, ...bad });
      expect(added.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const { item, allergens } = await stored(db, dish.id);
    expect(item).toMatchObject({ name: "Vetkoek", diet: ["halaal"], allergensCheckedAt: NOW });
    expect(allergens).toHaveLength(3);
    expect(await db.select().from(foodItems).where(eq(foodItems.weeklyMenuId, menu.id))).toEqual([]);
  });

  it("is the admins' only: cooks and customers are refused and change nothing", async ({ app, db }) => {
    const dish = await checkedDish(app, db);
    const body = { ...form, id: dish.id, allergens: [], allergensConfirmed: false };
    expect((await save(app, dish.menuId, "Maandag", body, asCook)).statusCode).toBe(403);
    expect((await save(app, dish.menuId, "Maandag", body, asCustomer)).statusCode).toBe(403);
    expect((await save(app, dish.menuId, "Maandag", body, "")).statusCode).toBe(401);
    const { item, allergens } = await stored(db, dish.id);
    expect(item?.allergensCheckedAt).toEqual(NOW);
    expect(allergens).toHaveLength(3);
  });

  describe("the data API", () => {
    it("refuses the declaration's fields: the food-item dialog's save writes them", async ({ app, db }) => {
      const dish = await checkedDish(app, db);
      for (const [body, code] of [
        [{ allergens: [] }, "unknown_column"],
        [{ allergensConfirmed: true }, "unknown_column"],
        [{ diet: ["vegan"] }, "column_not_writable"],
        [{ allergens_checked_by: null }, "column_not_writable"],
        [{ allergens_checked_at: null }, "column_not_writable"],
      ] as const) {
        const res = await request(app, "PUT", `/api/admin/data/food_item/${dish.id}`, {
          cookie: asAdmin,
          body,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code });
      }
      const { item, allergens } = await stored(db, dish.id);
      expect(item).toMatchObject({ diet: ["halaal"], allergensCheckedAt: NOW });
      expect(allergens).toHaveLength(3);
    });

    it("clears the check on a changed name or description, and keeps it on a price", async ({ app, db }) => {
      const dish = await checkedDish(app, db);
      const price = await request(app, "PUT", `/api/admin/data/food_item/${dish.id}`, {
        cookie: asAdmin,
        body: { price: "50.00", name: "Vetkoek" },
      });
      expect(price.json().data).toMatchObject({
        price: "50.00",
        allergens: vetkoekInOrder,
        allergensChecked: checkedBy("Anna Admin", NOW),
      });
      const renamed = await request(app, "PUT", `/api/admin/data/food_item/${dish.id}`, {
        cookie: asAdmin,
        body: { description: "Nou met kaas" },
      });
      expect(renamed.json().data).toMatchObject({ allergens: vetkoekInOrder, allergensChecked: null });
    });

    it("answers a removed dish with what it declared", async ({ app, db }) => {
      const dish = await checkedDish(app, db);
      const res = await request(app, "DELETE", `/api/admin/data/food_item/${dish.id}`, { cookie: asAdmin });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: dish.id, allergens: vetkoekInOrder });
      expect((await stored(db, dish.id)).allergens).toEqual([]);
    });
  });
});
