import { message } from "@kantien/domain/messages";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { foodItems, orders, userSettings } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";

const it = appTest();

/** Food items on a weekly menu: the required-field messages, one item per day, replace and delete (decision 0006). */
describe("food items on a weekly menu", () => {
  let customer: TestUser;
  let asAdmin: string;
  let asStaff: string;

  it.beforeAll(async ({ app, db }) => {
    customer = await createUser(db, { roleId: 1 });
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
  });
  const save = (app: App, menuId: string, day: string, payload: object, cookie = asAdmin) =>
    request(app, "PUT", `/api/admin/menus/${menuId}/days/${day}/food-item`, { cookie, body: payload });
  /** The save the admin confirmed as a replacement of the day's item. */
  const replace = (app: App, menuId: string, day: string, payload: object, cookie = asAdmin) =>
    save(app, menuId, day, { replace: true, ...payload }, cookie);
  const form = { name: "Bobotie", description: "Met geelrys", price: "52.00", preparation_time: 20 };
  const rowOf = async (db: Db, id: string) =>
    (await db.select().from(foodItems).where(eq(foodItems.id, id)))[0];

  describe("create through the data API", () => {
    it("asks for the week first, with its own message", async ({ app }) => {
      for (const weekly_menu_id of [undefined, "", null]) {
        const res = await request(app, "POST", "/api/admin/data/food_item", {
          cookie: asAdmin,
          body: {
            ...form,
            day_of_week: "Maandag",
            weekly_menu_id,
          },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          code: "food_item_menu_missing",
          message: "Kies asseblief eers 'n weeklikse spyskaart",
        });
      }
    });

    it("names the required fields when one is missing or empty", async ({ app, db }) => {
      const menu = await createWeeklyMenu(db);
      const full = { ...form, day_of_week: "Dinsdag", weekly_menu_id: menu.id };
      for (const field of ["name", "description", "price", "day_of_week"]) {
        for (const empty of [undefined, "", "  ", null]) {
          const res = await request(app, "POST", "/api/admin/data/food_item", {
            cookie: asAdmin,
            body: { ...full, [field]: empty },
          });
          expect(res.statusCode, `${field}=${JSON.stringify(empty)}`).toBe(400);
          expect(res.json()).toMatchObject({
            code: "food_item_fields_missing",
            message: "Vul asseblief al die verpligte velde in: naam, beskrywing, prys en weekdag",
          });
        }
      }
      // The user's language setting decides; English answers the same check in English.
      const englishAdmin = await createUser(db, { roleId: 4 });
      await db.update(userSettings).set({ language: "en" }).where(eq(userSettings.userId, englishAdmin.id));
      const english = await request(app, "POST", "/api/admin/data/food_item", {
        cookie: await signIn(app, englishAdmin),
        body: {
          ...full,
          name: "",
        },
      });
      expect(english.json().message).toBe(message("food_item_fields_missing", "en"));
      expect(await db.select().from(foodItems).where(eq(foodItems.weeklyMenuId, menu.id))).toHaveLength(0);
    });

    it("keeps one item per day: a second on a taken day is 409", async ({ app, db }) => {
      const menu = await createWeeklyMenu(db);
      const item = { ...form, day_of_week: "Woensdag", weekly_menu_id: menu.id };
      expect(
        (await request(app, "POST", "/api/admin/data/food_item", { cookie: asAdmin, body: item })).statusCode,
      ).toBe(201);
      const again = await request(app, "POST", "/api/admin/data/food_item", {
        cookie: asAdmin,
        body: { ...item, name: "Pizza" },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: "food_item_day_taken",
        message: "Hierdie dag het reeds 'n item.",
      });
      const other = await request(app, "POST", "/api/admin/data/food_item", {
        cookie: asAdmin,
        body: { ...item, day_of_week: "Donderdag" },
      });
      expect(other.statusCode).toBe(201);
      const moved = await request(app, "PUT", `/api/admin/data/food_item/${other.json().data.id}`, {
        cookie: asAdmin,
        body: {
          day_of_week: "Woensdag",
        },
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().code).toBe("food_item_day_taken");
    });

    it("refuses food item writes to staff", async ({ app, db }) => {
      const menu = await createWeeklyMenu(db);
      const item = await createFoodItem(db, { weeklyMenuId: menu.id });
      const created = await request(app, "POST", "/api/admin/data/food_item", {
        cookie: asStaff,
        body: {
          ...form,
          day_of_week: "Vrydag",
          weekly_menu_id: menu.id,
        },
      });
      expect(created.statusCode).toBe(403);
      expect(
        (await request(app, "DELETE", `/api/admin/data/food_item/${item.id}`, { cookie: asStaff }))
          .statusCode,
      ).toBe(403);
      expect(await rowOf(db, item.id)).toBeDefined();
    });
  });

  describe("delete", () => {
    it("deletes an item nobody ordered", async ({ app, db }) => {
      const item = await createFoodItem(db);
      const res = await request(app, "DELETE", `/api/admin/data/food_item/${item.id}`, { cookie: asAdmin });
      expect(res.statusCode).toBe(200);
      expect(await rowOf(db, item.id)).toBeUndefined();
    });

    it("refuses an ordered item with a clear message and removes nothing", async ({ app, db }) => {
      const item = await createFoodItem(db);
      const order = await createOrder(db, { userId: customer.id, foodItemId: item.id });
      const res = await request(app, "DELETE", `/api/admin/data/food_item/${item.id}`, { cookie: asAdmin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: "food_item_ordered",
        message: "Hierdie item is al bestel en kan nie geskrap word nie.",
      });
      expect(await rowOf(db, item.id)).toMatchObject({ id: item.id, retiredAt: null });
      const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(kept?.foodItemId).toBe(item.id);
    });
  });

  describe("replace: PUT /api/admin/menus/:menuId/days/:dayOfWeek/food-item", () => {
    it("fills an empty day", async ({ app, db }) => {
      const menu = await createWeeklyMenu(db);
      const res = await replace(app, menu.id, "Maandag", form);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        replaced: null,
        data: {
          name: "Bobotie",
          price: "52.00",
          day_of_week: "Maandag",
          weekly_menu_id: menu.id,
          retired_at: null,
        },
      });
    });

    it("replaces an item nobody ordered: the old one is gone", async ({ app, db }) => {
      const old = await createFoodItem(db, { dayOfWeek: "Dinsdag" });
      const res = await replace(app, old.weeklyMenuId, "Dinsdag", {
        ...form,
        weekly_menu_id: old.weeklyMenuId,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().replaced).toBe(old.id);
      expect(await rowOf(db, old.id)).toBeUndefined();
      const list = await request(app, "GET", `/api/admin/data/food_item?weekly_menu_id=${old.weeklyMenuId}`, {
        cookie: asAdmin,
      });
      expect(list.json().data.map((i: { id: string }) => i.id)).toEqual([res.json().data.id]);
    });

    it("retires an ordered item: off the menu, its orders keep it", async ({ app, db }) => {
      const old = await createFoodItem(db, { dayOfWeek: "Woensdag", price: "40.00" });
      const order = await createOrder(db, { userId: customer.id, foodItemId: old.id });
      const res = await replace(app, old.weeklyMenuId, "Woensdag", form);
      expect(res.statusCode).toBe(200);
      expect(res.json().replaced).toBe(old.id);
      const newId = res.json().data.id;
      expect(newId).not.toBe(old.id);
      expect((await rowOf(db, old.id))?.retiredAt).toBeInstanceOf(Date);
      expect((await rowOf(db, old.id))?.price).toBe("40.00");
      const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(kept?.foodItemId).toBe(old.id);

      const list = await request(app, "GET", `/api/admin/data/food_item?weekly_menu_id=${old.weeklyMenuId}`, {
        cookie: asStaff,
      });
      expect(list.json()).toMatchObject({ total: 1, data: [{ id: newId }] });
      const retired = await request(app, "GET", `/api/admin/data/food_item/${old.id}`, { cookie: asStaff });
      expect(retired.statusCode).toBe(200);
      expect(retired.json().data.retired_at).toEqual(expect.any(String));
      // The new item holds the day; a retired one still cannot be deleted.
      const another = await request(app, "POST", "/api/admin/data/food_item", {
        cookie: asAdmin,
        body: {
          ...form,
          day_of_week: "Woensdag",
          weekly_menu_id: old.weeklyMenuId,
        },
      });
      expect(another.json().code).toBe("food_item_day_taken");
      expect(
        (await request(app, "DELETE", `/api/admin/data/food_item/${old.id}`, { cookie: asAdmin })).json()
          .code,
      ).toBe("food_item_ordered");
    });

    it("is atomic: a failure while inserting leaves the old item in place", async ({ app, db }) => {
      // A trigger stands in for any failure the database raises after the old item is handled.
      await db.execute(sql`
        create function breek_food_item() returns trigger language plpgsql as $$
        begin
          if new.name = 'Breek' then raise exception 'forced failure'; end if;
          return new;
        end $$`);
      await db.execute(sql`
        create trigger breek_food_item before insert on food_items
        for each row execute function breek_food_item()`);
      try {
        const free = await createFoodItem(db, { dayOfWeek: "Donderdag" });
        const ordered = await createFoodItem(db, { dayOfWeek: "Vrydag" });
        await createOrder(db, { userId: customer.id, foodItemId: ordered.id });
        for (const old of [free, ordered]) {
          const res = await replace(app, old.weeklyMenuId, old.dayOfWeek, { ...form, name: "Breek" });
          expect(res.statusCode).toBe(500);
          expect(res.json().code).toBe("internal_error");
          expect(await rowOf(db, old.id)).toMatchObject({ id: old.id, name: old.name, retiredAt: null });
          const items = await db.select().from(foodItems).where(eq(foodItems.weeklyMenuId, old.weeklyMenuId));
          expect(items.map((i) => i.id)).toEqual([old.id]);
        }
      } finally {
        await db.execute(sql`drop trigger breek_food_item on food_items`);
        await db.execute(sql`drop function breek_food_item()`);
      }
    });

    it("answers the required-field messages and refuses bad input without touching the old item", async ({
      app,
      db,
    }) => {
      const old = await createFoodItem(db, { dayOfWeek: "Maandag" });
      const missing = await replace(app, old.weeklyMenuId, "Maandag", { ...form, description: "" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe("food_item_fields_missing");
      const badPrice = await replace(app, old.weeklyMenuId, "Maandag", { ...form, price: -5 });
      expect(badPrice.statusCode).toBe(400);
      expect(badPrice.json().code).toBe("validation_failed");
      const otherDay = await replace(app, old.weeklyMenuId, "Maandag", { ...form, day_of_week: "Dinsdag" });
      expect(otherDay.statusCode).toBe(400);
      const unknown = await replace(app, old.weeklyMenuId, "Maandag", { ...form, retired_at: null });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().code).toBe("column_not_writable");
      expect(await rowOf(db, old.id)).toMatchObject({ name: old.name, retiredAt: null });
    });

    it("answers a food item's rules as the data API does (one door, decision 0014)", async ({ app, db }) => {
      const answer = (res: { statusCode: number; json(): Record<string, unknown> }) => ({
        status: res.statusCode,
        code: res.json().code,
        message: res.json().message,
      });
      for (const bad of [
        { description: "" },
        { name: "  " },
        { price: -5 },
        { price: "1.234" },
        { image_url: "javascript:x" },
      ]) {
        const [one, two] = [await createWeeklyMenu(db), await createWeeklyMenu(db)];
        const viaMenus = await replace(app, one.id, "Woensdag", { ...form, ...bad });
        const viaData = await request(app, "POST", "/api/admin/data/food_item", {
          cookie: asAdmin,
          body: {
            ...form,
            ...bad,
            weekly_menu_id: two.id,
            day_of_week: "Woensdag",
          },
        });
        expect(answer(viaData), JSON.stringify(bad)).toEqual(answer(viaMenus));
        expect(viaMenus.statusCode).toBe(400);
        for (const menu of [one, two]) {
          expect(await db.select().from(foodItems).where(eq(foodItems.weeklyMenuId, menu.id))).toEqual([]);
        }
      }
    });

    it("answers 404 for an unknown menu or day", async ({ app, db }) => {
      const menu = await createWeeklyMenu(db);
      expect((await replace(app, "00000000-0000-4000-8000-000000000000", "Maandag", form)).statusCode).toBe(
        404,
      );
      expect((await replace(app, "nie-'n-id", "Maandag", form)).statusCode).toBe(404);
      expect((await replace(app, menu.id, "Saterdag", form)).statusCode).toBe(404);
    });

    it("is the admin's only: 403 for staff, 401 signed out", async ({ app, db }) => {
      const old = await createFoodItem(db, { dayOfWeek: "Dinsdag" });
      const staff = await replace(app, old.weeklyMenuId, "Dinsdag", form, asStaff);
      expect(staff.statusCode).toBe(403);
      expect((await replace(app, old.weeklyMenuId, "Dinsdag", form, "")).statusCode).toBe(401);
      expect(await rowOf(db, old.id)).toMatchObject({ name: old.name, retiredAt: null });
    });
  });

  describe("one save: add and edit through the same PUT (decision 0028)", () => {
    it("adds to an empty day; a taken day without replace is 409 and keeps its item", async ({ app, db }) => {
      const menu = await createWeeklyMenu(db);
      const added = await save(app, menu.id, "Maandag", form);
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({
        replaced: null,
        data: { name: "Bobotie", day_of_week: "Maandag" },
      });
      const again = await save(app, menu.id, "Maandag", { ...form, name: "Sosaties" });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, code: "food_item_day_taken" });
      const items = await db.select().from(foodItems).where(eq(foodItems.weeklyMenuId, menu.id));
      expect(items.map((i) => [i.id, i.name])).toEqual([[added.json().data.id, "Bobotie"]]);
    });

    it("edits an item in place: same id, a field left out stays, a null image clears it", async ({
      app,
      db,
    }) => {
      const old = await createFoodItem(db, { dayOfWeek: "Dinsdag" });
      await db
        .update(foodItems)
        .set({ imageUrl: "/uploads/pap.webp", preparationTime: 25 })
        .where(eq(foodItems.id, old.id));
      const order = await createOrder(db, { userId: customer.id, foodItemId: old.id });
      const res = await save(app, old.weeklyMenuId, "Dinsdag", {
        id: old.id,
        name: "Pap en wors",
        description: "Met sous",
        price: "30,00",
        image_url: null,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        replaced: null,
        data: { id: old.id, name: "Pap en wors", price: "30.00", image_url: null, preparation_time: 25 },
      });
      expect(await rowOf(db, old.id)).toMatchObject({ name: "Pap en wors", retiredAt: null });
      const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(kept?.foodItemId).toBe(old.id);
    });

    it("moves an edited item to a free day, and refuses a taken one with 409", async ({ app, db }) => {
      const monday = await createFoodItem(db, { dayOfWeek: "Maandag" });
      const menuId = monday.weeklyMenuId;
      const tuesday = await save(app, menuId, "Dinsdag", { ...form, name: "Vis" });
      const moved = await save(app, menuId, "Woensdag", { ...form, id: monday.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toMatchObject({ id: monday.id, day_of_week: "Woensdag" });
      const taken = await save(app, menuId, "Dinsdag", { ...form, id: monday.id });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ success: false, code: "food_item_day_taken" });
      expect(await rowOf(db, monday.id)).toMatchObject({ dayOfWeek: "Woensdag", name: "Bobotie" });
      expect(await rowOf(db, tuesday.json().data.id)).toMatchObject({ dayOfWeek: "Dinsdag", name: "Vis" });
    });

    it("edits only a live item of the path's menu: another menu's or a retired one is 404", async ({
      app,
      db,
    }) => {
      const other = await createFoodItem(db, { dayOfWeek: "Maandag" });
      const menu = await createWeeklyMenu(db);
      const elsewhere = await save(app, menu.id, "Maandag", { ...form, id: other.id, name: "Gekaap" });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json()).toMatchObject({ success: false, code: "not_found" });
      const ordered = await createFoodItem(db, { dayOfWeek: "Vrydag" });
      await createOrder(db, { userId: customer.id, foodItemId: ordered.id });
      expect((await replace(app, ordered.weeklyMenuId, "Vrydag", form)).statusCode).toBe(200);
      const retired = await save(app, ordered.weeklyMenuId, "Donderdag", { ...form, id: ordered.id });
      expect(retired.statusCode).toBe(404);
      expect(await rowOf(db, other.id)).toMatchObject({ name: other.name, weeklyMenuId: other.weeklyMenuId });
      expect(await rowOf(db, ordered.id)).toMatchObject({ name: ordered.name, dayOfWeek: "Vrydag" });
    });

    it("refuses an edit that also says replace, and a key that is no uuid, with 400", async ({ app, db }) => {
      const old = await createFoodItem(db, { dayOfWeek: "Maandag" });
      for (const extra of [{ id: old.id, replace: true }, { id: "nie-'n-id" }, { replace: false }]) {
        const res = await save(app, old.weeklyMenuId, "Maandag", { ...form, ...extra });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: "validation_failed" });
      }
      expect(await rowOf(db, old.id)).toMatchObject({ name: old.name, retiredAt: null });
    });
  });
});

/** A day's food item from two dialogs: edits and replacements name the version they started from (decision 0057). */
describe("PUT /api/admin/menus/:menuId/days/:day/food-item from two dialogs (decision 0057)", () => {
  let one: string;
  let two: string;
  it.beforeAll(async ({ app, db }) => {
    one = await signIn(app, await createUser(db, { roleId: 4 }));
    two = await signIn(app, await createUser(db, { roleId: 4 }));
  });
  const save = (app: App, menuId: string, cookie: string, version: string, body: object) =>
    request(app, "PUT", `/api/admin/menus/${menuId}/days/Woensdag/food-item`, {
      cookie,
      headers: { "if-match": version },
      body,
    });
  const form = { name: "Bobotie", description: "Met geelrys", price: "52.00", day_of_week: "Woensdag" };
  const dayOf = async (app: App, menuId: string) =>
    (
      await request(app, "GET", `/api/admin/data/food_item?weekly_menu_id=${menuId}&day_of_week=Woensdag`, {
        cookie: one,
      })
    ).json().data;

  it("refuses an edit from a version another edit replaced, with the item as it now is", async ({
    app,
    db,
  }) => {
    const item = await createFoodItem(db, { dayOfWeek: "Woensdag", name: "Bobotie" });
    const [loaded] = await dayOf(app, item.weeklyMenuId);
    expect(loaded.version).toBe(1);

    const first = await save(app, item.weeklyMenuId, one, '"1"', { ...form, id: item.id, price: "55.00" });
    expect(first.statusCode, first.body).toBe(200);
    expect([first.headers.etag, first.json().data.version]).toEqual(['"2"', 2]);

    const second = await save(app, item.weeklyMenuId, two, '"1"', { ...form, id: item.id, name: "Pastei" });
    expect([second.statusCode, second.json().code]).toEqual([409, "stale"]);
    expect(second.json().details.current).toMatchObject({ id: item.id, price: "55.00", version: 2 });
    expect(await dayOf(app, item.weeklyMenuId)).toMatchObject([
      { id: item.id, name: "Bobotie", price: "55.00", version: 2 },
    ]);
  });

  it("refuses a replacement confirmed against an item edited meanwhile, and keeps the edited item", async ({
    app,
    db,
  }) => {
    const item = await createFoodItem(db, { dayOfWeek: "Woensdag", name: "Bobotie" });
    const first = await save(app, item.weeklyMenuId, one, '"1"', { ...form, id: item.id, price: "55.00" });
    expect(first.statusCode, first.body).toBe(200);

    const replaced = await save(app, item.weeklyMenuId, two, '"1"', {
      ...form,
      name: "Pastei",
      replace: true,
    });
    expect([replaced.statusCode, replaced.json().code]).toEqual([409, "stale"]);
    expect(replaced.json().details.current).toMatchObject({ id: item.id, price: "55.00", version: 2 });
    expect(await dayOf(app, item.weeklyMenuId)).toMatchObject([{ id: item.id, price: "55.00" }]);
  });

  it("refuses a replacement of an item another replacement took off the day, with the day's item now", async ({
    app,
    db,
  }) => {
    const item = await createFoodItem(db, { dayOfWeek: "Woensdag", name: "Bobotie" });
    // The day's item goes on from the replaced one's version, so the day's version only rises.
    const first = await save(app, item.weeklyMenuId, one, '"1"', { ...form, name: "Pastei", replace: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ replaced: item.id, data: { name: "Pastei", version: 2 } });

    const second = await save(app, item.weeklyMenuId, two, '"1"', { ...form, name: "Kerrie", replace: true });
    expect([second.statusCode, second.json().code]).toEqual([409, "stale"]);
    expect(second.json().details.current).toMatchObject({ name: "Pastei", version: 2 });
    expect(await dayOf(app, item.weeklyMenuId)).toMatchObject([{ name: "Pastei", version: 2 }]);
  });

  it("refuses the dialog's edit after the data API changed the item; a malformed If-Match changes nothing", async ({
    app,
    db,
  }) => {
    const item = await createFoodItem(db, { dayOfWeek: "Woensdag", name: "Bobotie" });
    const changed = await request(app, "PUT", `/api/admin/data/food_item/${item.id}`, {
      cookie: one,
      body: { price: "60.00" },
    });
    expect([changed.statusCode, changed.json().data.version]).toEqual([200, 2]);

    const edit = await save(app, item.weeklyMenuId, two, '"1"', { ...form, id: item.id, name: "Pastei" });
    expect([edit.statusCode, edit.json().code]).toEqual([409, "stale"]);
    const malformed = await save(app, item.weeklyMenuId, two, "2", { ...form, id: item.id, name: "Pastei" });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, "if_match_invalid"]);
    expect(await dayOf(app, item.weeklyMenuId)).toMatchObject([
      { name: "Bobotie", price: "60.00", version: 2 },
    ]);
  });
});
