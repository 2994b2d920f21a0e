import { randomUUID } from "node:crypto";
import { counterAnswer, kitchenDayAnswer } from "@kantien/domain/kitchen";
import { myMenuAnswer } from "@kantien/domain/my";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { declareAllergens, giveAllergies } from "../../test/allergy-fixtures";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { moveWalletMoney } from "../wallets/ledger";

/*
 * Allergies from the order to the counter (decision 0041). The canteen's clock stands on
 * Tuesday 4 March 2031, 07:00 in Johannesburg: Wednesday the 5th is open for orders.
 */
const WEEK = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const NOW = new Date("2031-03-04T05:00:00Z");

const it = appTest({ clock: () => NOW });
let admin: TestUser;
let asAdmin: string;
let asKitchen: string;
/** Satay: contains peanuts, may contain milk; checked by the admin. Soup: declares nothing, unchecked. */
let satay: { id: string };
let soup: { id: string };
let weekMenuId: string;

it.beforeAll(async ({ app, db }) => {
  admin = await createUser(db, { roleId: 4 });
  asAdmin = await signIn(app, admin);
  asKitchen = await signIn(app, await createUser(db, { roleId: 3 }));
  const menu = await createWeeklyMenu(db, { dateFrom: WEEK });
  weekMenuId = menu.id;
  satay = await createFoodItem(db, {
    weeklyMenuId: menu.id,
    dayOfWeek: "Woensdag",
    name: "Satay",
    price: "30.00",
  });
  soup = await createFoodItem(db, {
    weeklyMenuId: menu.id,
    dayOfWeek: "Dinsdag",
    name: "Sop",
    price: "20.00",
  });
  await declareAllergens(
    db,
    satay.id,
    [
      { code: "peanuts", level: "contains" },
      { code: "milk", level: "may_contain" },
    ],
    { by: admin.id, at: new Date("2031-03-01T08:00:00Z") },
  );
});

/** A customer with R200 in their wallet, their allergies, and a session. */
async function customer(db: Db, allergies: Parameters<typeof giveAllergies>[2] = []) {
  const user = await createUser(db, { roleId: 1 });
  await db.transaction((tx) =>
    moveWalletMoney(tx, { userId: user.id, amount: "200.00", kind: "top_up", createdBy: admin.id, at: NOW }),
  );
  if (allergies.length > 0) await giveAllergies(db, user.id, allergies);
  return { ...user, cookie: await sessionCookieFor(db, user.id, NOW) };
}

const satayOrder = (extra: object = {}) => ({
  foodItemId: satay.id,
  deliveryDate: WEDNESDAY,
  quantity: 1,
  ...extra,
});
const placeMine = (app: App, cookie: string, body: object, language = "af") =>
  request(app, "POST", "/api/my/orders", {
    cookie,
    body,
    headers: { "idempotency-key": randomUUID(), "accept-language": language },
  });

async function ordersOf(db: Db, userId: string) {
  return queryRows(
    db,
    sql`select allergen_acknowledged as acknowledged, status from orders where user_id = ${userId}`,
    z.object({ acknowledged: z.boolean(), status: z.string() }),
  );
}

describe("GET /api/my/menu", () => {
  it("marks each item with its declaration, its check and the caller's own matches", async ({ app, db }) => {
    const me = await customer(db, [
      { code: "peanuts", severity: "allergy" },
      { code: "milk", severity: "intolerance" },
      { code: "fish", severity: "severe" },
    ]);
    const res = await request(app, "GET", `/api/my/menu?week=${WEEK}`, { cookie: me.cookie });
    const { days } = myMenuAnswer.parse(res.json()).data;
    expect(days[2]!.item).toMatchObject({
      name: "Satay",
      allergens: [
        { code: "peanuts", level: "contains" },
        { code: "milk", level: "may_contain" },
      ],
      diet: [],
      allergensChecked: { by: "Toets Gebruiker 4", at: "2031-03-01T08:00:00.000Z" },
      allergenWarnings: [
        { code: "peanuts", level: "contains", severity: "allergy" },
        { code: "milk", level: "may_contain", severity: "intolerance" },
      ],
    });
    // A dish nobody checked declares nothing and is free of nothing: every allergy warns as unchecked.
    expect(days[1]!.item).toMatchObject({
      name: "Sop",
      allergens: [],
      allergensChecked: null,
      allergenWarnings: [
        { code: "fish", level: "unchecked", severity: "severe" },
        { code: "peanuts", level: "unchecked", severity: "allergy" },
        { code: "milk", level: "unchecked", severity: "intolerance" },
      ],
    });

    // Another customer, without allergies, sees the same dishes without warnings.
    const other = await customer(db);
    const theirs = await request(app, "GET", `/api/my/menu?week=${WEEK}`, { cookie: other.cookie });
    expect(theirs.json().data.days[2].item.allergenWarnings).toEqual([]);
    expect(theirs.json().data.days[1].item.allergenWarnings).toEqual([]);
  });
});

describe("POST /api/my/orders with allergies", () => {
  it("refuses a dish that contains a severe allergen, naming it, and writes nothing", async ({ app, db }) => {
    const me = await customer(db, [{ code: "peanuts", severity: "severe" }]);
    for (const body of [satayOrder(), satayOrder({ allergenAcknowledged: true })]) {
      const res = await placeMine(app, me.cookie, body);
      expect([res.statusCode, res.json().code]).toEqual([409, "allergen_blocked"]);
      expect(res.json().message).toBe(
        "Hierdie gereg bevat grondboontjies, waarvoor 'n ernstige allergie aangeteken is. Dit kan nie bestel word nie.",
      );
    }
    // In the caller's language: their setting.
    await db.execute(sql`update user_settings set language = 'en' where user_id = ${me.id}`);
    const english = await placeMine(app, me.cookie, satayOrder(), "en");
    expect(english.json().message).toBe(
      "This dish contains peanuts, recorded as a severe allergy. It cannot be ordered.",
    );
    expect(await ordersOf(db, me.id)).toEqual([]);
  });

  it("asks for an explicit yes on any other match, and the order keeps it", async ({ app, db }) => {
    // Severe, but the dish only may contain it: a warning to confirm, not a refusal.
    const me = await customer(db, [
      { code: "milk", severity: "severe" },
      { code: "peanuts", severity: "intolerance" },
    ]);
    const asked = await placeMine(app, me.cookie, satayOrder());
    expect([asked.statusCode, asked.json().code]).toEqual([409, "allergen_confirm_required"]);
    expect(asked.json().message).toBe(
      "Let op die aangetekende allergieë: grondboontjies (bevat), melk (kan bevat). Bevestig eers dat jy dit verstaan; dan kan jy bestel.",
    );
    expect(asked.json().details).toEqual({
      allergens: [
        { code: "peanuts", level: "contains", severity: "intolerance" },
        { code: "milk", level: "may_contain", severity: "severe" },
      ],
      unchecked: false,
    });
    const no = await placeMine(app, me.cookie, satayOrder({ allergenAcknowledged: false }));
    expect(no.json().code).toBe("allergen_confirm_required");
    expect(await ordersOf(db, me.id)).toEqual([]);

    const yes = await placeMine(app, me.cookie, satayOrder({ allergenAcknowledged: true }));
    expect(yes.statusCode, yes.body).toBe(201);
    expect(await ordersOf(db, me.id)).toEqual([{ acknowledged: true, status: "paid" }]);
  });

  it("lets a dish without a match through, acknowledging nothing", async ({ app, db }) => {
    const me = await customer(db, [{ code: "fish", severity: "severe" }]);
    const res = await placeMine(app, me.cookie, satayOrder());
    expect(res.statusCode, res.body).toBe(201);
    const none = await customer(db);
    expect((await placeMine(app, none.cookie, satayOrder({ allergenAcknowledged: true }))).statusCode).toBe(
      201,
    );
    expect(await ordersOf(db, me.id)).toEqual([{ acknowledged: false, status: "paid" }]);
    expect(await ordersOf(db, none.id)).toEqual([{ acknowledged: false, status: "paid" }]);
  });

  it("decides by the database as it is when ordering, not by what the menu showed", async ({ app, db }) => {
    const me = await customer(db);
    const menu = await request(app, "GET", `/api/my/menu?week=${WEEK}`, { cookie: me.cookie });
    expect(menu.json().data.days[2].item.allergenWarnings).toEqual([]);
    await giveAllergies(db, me.id, [{ code: "peanuts", severity: "severe" }]);
    expect((await placeMine(app, me.cookie, satayOrder())).json().code).toBe("allergen_blocked");
  });
});

describe("POST /api/orders (the admins' new-order dialog) with allergies", () => {
  const post = (app: App, body: object) => request(app, "POST", "/api/orders", { cookie: asAdmin, body });

  it("warns the same way: blocked, confirm required, and the acknowledgement kept", async ({ app, db }) => {
    const severe = await customer(db, [{ code: "peanuts", severity: "severe" }]);
    const blocked = await post(app, { ...satayOrder(), customerId: severe.id });
    expect([blocked.statusCode, blocked.json().code]).toEqual([409, "allergen_blocked"]);

    const mild = await customer(db, [{ code: "milk", severity: "allergy" }]);
    const asked = await post(app, { ...satayOrder(), customerId: mild.id });
    expect([asked.statusCode, asked.json().code]).toEqual([409, "allergen_confirm_required"]);
    expect(asked.json().message).toContain("melk (kan bevat)");
    expect(await ordersOf(db, mild.id)).toEqual([]);
    const yes = await post(app, { ...satayOrder({ allergenAcknowledged: true }), customerId: mild.id });
    expect(yes.statusCode, yes.body).toBe(201);
    expect(await ordersOf(db, mild.id)).toEqual([{ acknowledged: true, status: "paid" }]);
  });
});

describe("the kitchen's alert", () => {
  const patch = (app: App, id: string, body: object) =>
    request(app, "PATCH", `/api/orders/${id}/status`, { cookie: asKitchen, body });

  it("carries only the matching codes, never the profile, and asks before Gereed", async ({ app, db }) => {
    // Fish and sesame are not in the dish: the kitchen never hears of them, nor of their severity.
    const me = await customer(db, [
      { code: "peanuts", severity: "intolerance" },
      { code: "fish", severity: "severe" },
      { code: "sesame", severity: "allergy" },
    ]);
    const placed = await placeMine(app, me.cookie, satayOrder({ allergenAcknowledged: true }));
    const orderId: string = placed.json().data.order.id;
    const clean = await customer(db);
    const cleanId: string = (await placeMine(app, clean.cookie, satayOrder())).json().data.order.id;

    const board = await request(app, "GET", `/api/kitchen/orders?date=${WEDNESDAY}`, { cookie: asKitchen });
    const body = board.json();
    expect(kitchenDayAnswer.parse(body)).toEqual(body);
    const row = (id: string) => body.data.orders.find((o: { id: string }) => o.id === id);
    expect(row(orderId).allergyAlert).toEqual({
      codes: ["peanuts"],
      unchecked: [],
      severeCodes: [],
      severe: false,
    });
    expect(row(cleanId).allergyAlert).toBeNull();
    // Every order carries its dish's declaration, for its label, alert or not.
    expect(row(cleanId).itemAllergens).toEqual([
      { code: "peanuts", level: "contains" },
      { code: "milk", level: "may_contain" },
    ]);
    expect(board.body).not.toMatch(/fish|sesame|intolerance|"allergy"/);

    // A severe match says so (the dish may contain milk).
    const severeMilk = await customer(db, [{ code: "milk", severity: "severe" }]);
    const milkId: string = (
      await placeMine(app, severeMilk.cookie, satayOrder({ allergenAcknowledged: true }))
    ).json().data.order.id;

    // The counter finds it with its alert.
    const counter = await request(app, "GET", `/api/kitchen/counter?q=${milkId}`, { cookie: asKitchen });
    const found = counterAnswer.parse(counter.json()).data.orders;
    expect(found.map((o) => o.allergyAlert)).toEqual([
      { codes: ["milk"], unchecked: [], severeCodes: ["milk"], severe: true },
    ]);

    // Besig, then Gereed: refused without "Allergene nagegaan?", stored with who said yes.
    expect((await patch(app, orderId, { status: "processing" })).statusCode).toBe(200);
    const refused = await patch(app, orderId, { status: "ready" });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "allergens_unconfirmed"]);
    expect(refused.json().message).toBe(
      "Hierdie bestelling het 'n allergiewaarskuwing: grondboontjies. Bevestig dat die allergene nagegaan is voordat dit as gereed gemerk of oorhandig word.",
    );
    const unconfirmed = await patch(app, orderId, { status: "ready", allergensConfirmed: false });
    expect(unconfirmed.json().code).toBe("allergens_unconfirmed");
    const confirmed = await patch(app, orderId, { status: "ready", allergensConfirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [stored] = await queryRows(
      db,
      sql`select o.status, u.role_id as "roleId", o.allergens_confirmed_at = ${NOW.toISOString()}::timestamptz as "atNow"
          from orders o join users u on u.id = o.allergens_confirmed_by where o.id = ${orderId}`,
      z.object({ status: z.string(), roleId: z.number(), atNow: z.boolean() }),
    );
    expect(stored).toEqual({ status: "ready", roleId: 3, atNow: true });
    // Checked once: back to Besig (an undo) and Gereed again asks nothing more.
    expect((await patch(app, orderId, { status: "processing" })).statusCode).toBe(200);
    expect((await patch(app, orderId, { status: "ready" })).statusCode).toBe(200);

    // Handed over without Gereed (an admin's step straight to Afgehaal) asks the same question.
    const asAdminPatch = (body: object) =>
      request(app, "PATCH", `/api/orders/${milkId}/status`, { cookie: asAdmin, body });
    const skipped = await asAdminPatch({ status: "delivered" });
    expect([skipped.statusCode, skipped.json().code]).toEqual([409, "allergens_unconfirmed"]);
    expect((await asAdminPatch({ status: "delivered", allergensConfirmed: true })).statusCode).toBe(200);

    // An order without an alert needs no answer and records none.
    expect((await patch(app, cleanId, { status: "processing" })).statusCode).toBe(200);
    expect((await patch(app, cleanId, { status: "ready" })).statusCode).toBe(200);
    const [plain] = await queryRows(
      db,
      sql`select allergens_confirmed_by is null as "none" from orders where id = ${cleanId}`,
      z.object({ none: z.boolean() }),
    );
    expect(plain).toEqual({ none: true });
  });

  it("needs a checked declaration for nothing: an unchecked dish's declared allergens still alert", async ({
    app,
    db,
  }) => {
    await declareAllergens(db, soup.id, [{ code: "celery", level: "contains" }]);
    const me = await customer(db, [{ code: "celery", severity: "allergy" }]);
    const menu = await request(app, "GET", `/api/my/menu?week=${WEEK}`, { cookie: me.cookie });
    expect(menu.json().data.days[1].item).toMatchObject({
      allergensChecked: null,
      allergenWarnings: [{ code: "celery", level: "contains", severity: "allergy" }],
    });
    await declareAllergens(db, soup.id, []);
  });
});

/*
 * An unchecked dish is not a safe dish: for a customer with any allergy it asks, says "not
 * checked", and carries the alert from the order to the counter. Three dishes: Thursday's
 * declares nothing and nobody checked it; Friday's declares milk and nobody checked the rest;
 * next Monday's declares nothing and an admin checked that (free of all).
 */
describe("an unchecked dish", () => {
  const THURSDAY = "2031-03-06";
  const FRIDAY = "2031-03-07";
  const NEXT_MONDAY = "2031-03-10";
  let uncheckedEmpty: { id: string; date: string };
  let uncheckedPartial: { id: string; date: string };
  let checkedEmpty: { id: string; date: string };

  it.beforeAll(async ({ db }) => {
    const next = await createWeeklyMenu(db, { dateFrom: NEXT_MONDAY });
    const dish = async (weeklyMenuId: string, dayOfWeek: "Donderdag" | "Vrydag" | "Maandag", name: string) =>
      (await createFoodItem(db, { weeklyMenuId, dayOfWeek, name, price: "25.00" })).id;
    uncheckedEmpty = { id: await dish(weekMenuId, "Donderdag", "Pasta"), date: THURSDAY };
    uncheckedPartial = { id: await dish(weekMenuId, "Vrydag", "Pizza"), date: FRIDAY };
    checkedEmpty = { id: await dish(next.id, "Maandag", "Slaai"), date: NEXT_MONDAY };
    await declareAllergens(db, uncheckedPartial.id, [{ code: "milk", level: "contains" }]);
    await declareAllergens(db, checkedEmpty.id, [], { by: admin.id });
  });

  const severeProfile = [{ code: "peanuts", severity: "severe" }] as const;
  const mildProfile = [{ code: "milk", severity: "intolerance" }] as const;
  const orderOf = (dish: { id: string; date: string }, extra: object = {}) => ({
    foodItemId: dish.id,
    deliveryDate: dish.date,
    quantity: 1,
    ...extra,
  });
  /** Places an order the customer's way or the admin's, as the test says. */
  const doors = {
    customer: (app: App, who: { id: string; cookie: string }, body: object) =>
      placeMine(app, who.cookie, body),
    admin: (app: App, who: { id: string; cookie: string }, body: object) =>
      request(app, "POST", "/api/orders", { cookie: asAdmin, body: { ...body, customerId: who.id } }),
  };
  const orderIdOf = (res: { json: () => { data: { order: { id: string } } } }) => res.json().data.order.id;
  /** The order's allergy alert as the kitchen's board shows it on its day. */
  const boardAlertOf = async (app: App, date: string, orderId: string) => {
    const board = await request(app, "GET", `/api/kitchen/orders?date=${date}`, { cookie: asKitchen });
    return kitchenDayAnswer.parse(board.json()).data.orders.find((o) => o.id === orderId)?.allergyAlert;
  };

  for (const door of ["customer", "admin"] as const) {
    describe(`through the ${door}'s door`, () => {
      it("asks a severe profile about a dish that declares nothing unchecked, in words that say so, and the order carries the alert", async ({
        app,
        db,
      }) => {
        const me = await customer(db, [...severeProfile]);
        const asked = await doors[door](app, me, orderOf(uncheckedEmpty));
        expect([asked.statusCode, asked.json().code]).toEqual([409, "allergen_confirm_required"]);
        expect(asked.json().details).toEqual({
          allergens: [{ code: "peanuts", level: "unchecked", severity: "severe" }],
          unchecked: true,
        });
        expect(asked.json().message).toBe(
          "Hierdie gereg se allergene is nog nie nagegaan nie. Let op die aangetekende allergieë: grondboontjies (nie nagegaan nie). Bevestig eers dat jy dit verstaan; dan kan jy bestel.",
        );
        expect(await ordersOf(db, me.id)).toEqual([]);

        const yes = await doors[door](app, me, orderOf(uncheckedEmpty, { allergenAcknowledged: true }));
        expect(yes.statusCode, yes.body).toBe(201);
        expect(await ordersOf(db, me.id)).toEqual([{ acknowledged: true, status: "paid" }]);
        expect(await boardAlertOf(app, THURSDAY, orderIdOf(yes))).toEqual({
          codes: [],
          unchecked: ["peanuts"],
          severeCodes: ["peanuts"],
          severe: true,
        });
      });

      it("asks a severe profile about an unchecked dish's partial declaration: what it leaves out is not checked", async ({
        app,
        db,
      }) => {
        const me = await customer(db, [...severeProfile]);
        const asked = await doors[door](app, me, orderOf(uncheckedPartial));
        expect([asked.statusCode, asked.json().code, asked.json().details.unchecked]).toEqual([
          409,
          "allergen_confirm_required",
          true,
        ]);
        const yes = await doors[door](app, me, orderOf(uncheckedPartial, { allergenAcknowledged: true }));
        expect(yes.statusCode, yes.body).toBe(201);
      });

      it("asks a mild profile about an unchecked dish, and by its declaration where it declares the allergen", async ({
        app,
        db,
      }) => {
        const me = await customer(db, [...mildProfile]);
        const empty = await doors[door](app, me, orderOf(uncheckedEmpty));
        expect([empty.statusCode, empty.json().details]).toEqual([
          409,
          { allergens: [{ code: "milk", level: "unchecked", severity: "intolerance" }], unchecked: true },
        ]);
        // Friday's pizza declares milk: a match like any other, nothing left unchecked for this profile.
        const partial = await doors[door](app, me, orderOf(uncheckedPartial));
        expect([partial.statusCode, partial.json().details]).toEqual([
          409,
          { allergens: [{ code: "milk", level: "contains", severity: "intolerance" }], unchecked: false },
        ]);
        const yes = await doors[door](app, me, orderOf(uncheckedEmpty, { allergenAcknowledged: true }));
        expect(yes.statusCode, yes.body).toBe(201);
        expect(await boardAlertOf(app, THURSDAY, orderIdOf(yes))).toEqual({
          codes: [],
          unchecked: ["milk"],
          severeCodes: [],
          severe: false,
        });
      });

      it("lets both profiles order a checked dish that declares nothing, with no question and no alert", async ({
        app,
        db,
      }) => {
        for (const profile of [severeProfile, mildProfile]) {
          const me = await customer(db, [...profile]);
          const res = await doors[door](app, me, orderOf(checkedEmpty));
          expect(res.statusCode, res.body).toBe(201);
          expect(await ordersOf(db, me.id)).toEqual([{ acknowledged: false, status: "paid" }]);
          expect(await boardAlertOf(app, NEXT_MONDAY, orderIdOf(res))).toBeNull();
        }
      });
    });
  }

  it("lets a customer without allergies order an unchecked dish with no question and no alert", async ({
    app,
    db,
  }) => {
    const me = await customer(db);
    const res = await placeMine(app, me.cookie, orderOf(uncheckedEmpty));
    expect(res.statusCode, res.body).toBe(201);
    const detail = await request(app, "GET", `/api/orders/${orderIdOf(res)}`, { cookie: asAdmin });
    expect(detail.json().data.allergyAlert).toBeNull();
  });

  it("carries the alert to the counter and the admins' orders screen, and asks there before Afgehaal", async ({
    app,
    db,
  }) => {
    const me = await customer(db, [...severeProfile]);
    const placed = await placeMine(app, me.cookie, orderOf(uncheckedEmpty, { allergenAcknowledged: true }));
    const orderId = orderIdOf(placed);
    const alert = { codes: [], unchecked: ["peanuts"], severeCodes: ["peanuts"], severe: true };

    const counter = await request(app, "GET", `/api/kitchen/counter?q=${orderId}`, { cookie: asKitchen });
    expect(counterAnswer.parse(counter.json()).data.orders.map((o) => o.allergyAlert)).toEqual([alert]);

    const list = await request(app, "GET", `/api/orders?customer=${me.id}`, { cookie: asAdmin });
    expect(list.json().data.map((row: { allergyAlert: unknown }) => row.allergyAlert)).toEqual([alert]);
    const detail = await request(app, "GET", `/api/orders/${orderId}`, { cookie: asAdmin });
    expect(detail.json().data).toMatchObject({ allergyAlert: alert, allergensConfirmed: false });

    const patch = (body: object) =>
      request(app, "PATCH", `/api/orders/${orderId}/status`, { cookie: asAdmin, body });
    const refused = await patch({ status: "delivered" });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "allergens_unconfirmed"]);
    expect(refused.json().message).toBe(
      "Hierdie bestelling het 'n allergiewaarskuwing: nie nagegaan nie: grondboontjies. Bevestig dat die allergene nagegaan is voordat dit as gereed gemerk of oorhandig word.",
    );
    expect((await patch({ status: "delivered", allergensConfirmed: true })).statusCode).toBe(200);
    const after = await request(app, "GET", `/api/orders/${orderId}`, { cookie: asAdmin });
    expect(after.json().data).toMatchObject({ status: "delivered", allergensConfirmed: true });
  });
});
