import { randomUUID } from "node:crypto";
import { counterAnswer, kitchenDayAnswer } from "@kantien/domain/kitchen";
import { myOrdersAnswer } from "@kantien/domain/my";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { emailOutbox, foodItems } from "../../db/schema";
import { declareAllergens, giveAllergies } from "../../test/allergy-fixtures";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  type TestUser,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { moveWalletMoney, walletBalance } from "../wallets/ledger";

/*
 * A dish's allergens changed after it was ordered (decision 0041). Orders are placed on Tuesday
 * 4 March 2031 at 07:00 in Johannesburg for Wednesday's bobotie; the admin adds milk on Wednesday
 * at 10:00, after the day's 09:00 cut-off.
 */
const WEEK = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const TUESDAY_MORNING = new Date("2031-03-04T05:00:00Z");
const WEDNESDAY_TEN = new Date("2031-03-05T08:00:00Z");

let now = TUESDAY_MORNING;
const it = appTest({ clock: () => now });

let admin: TestUser;
let kitchen: TestUser;
let menuId: string;
let bobotie: { id: string };

it.beforeAll(async ({ db }) => {
  admin = await createUser(db, { roleId: 4 });
  kitchen = await createUser(db, { roleId: 3 });
  menuId = (await createWeeklyMenu(db, { dateFrom: WEEK })).id;
  bobotie = await createFoodItem(db, {
    weeklyMenuId: menuId,
    dayOfWeek: "Woensdag",
    name: "Bobotie",
    price: "45.00",
  });
  await declareAllergens(db, bobotie.id, [{ code: "gluten", level: "contains" }], {
    by: admin.id,
    at: new Date("2031-03-01T08:00:00Z"),
  });
});

/** A customer with R200 in their wallet, their allergies, a session, and Wednesday's bobotie ordered. */
async function customerWithOrder(
  app: App,
  db: Db,
  allergies: Parameters<typeof giveAllergies>[2],
  { acknowledged = false }: { acknowledged?: boolean } = {},
) {
  now = TUESDAY_MORNING;
  const user = await createUser(db, { roleId: 1 });
  await db.transaction((tx) =>
    moveWalletMoney(tx, { userId: user.id, amount: "200.00", kind: "top_up", createdBy: admin.id, at: now }),
  );
  if (allergies.length > 0) await giveAllergies(db, user.id, allergies);
  const cookie = await sessionCookieFor(db, user.id, now);
  const placed = await request(app, "POST", "/api/my/orders", {
    cookie,
    body: {
      foodItemId: bobotie.id,
      deliveryDate: WEDNESDAY,
      quantity: 1,
      ...(acknowledged ? { allergenAcknowledged: true } : {}),
    },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { ...user, orderId: placed.json().data.order.id as string };
}

/** A session started now, by the canteen's clock. */
const signedIn = (db: Db, who: { id: string }) => sessionCookieFor(db, who.id, now);
const version = async (db: Db) =>
  (await db.select({ version: foodItems.version }).from(foodItems).where(eq(foodItems.id, bobotie.id)))[0]!
    .version;
const addMilk = async (app: App, db: Db, extra: object = {}) =>
  request(app, "PUT", `/api/admin/menus/${menuId}/days/Woensdag/food-item`, {
    cookie: await signedIn(db, admin),
    headers: { "if-match": `"${await version(db)}"` },
    body: {
      id: bobotie.id,
      name: "Bobotie",
      description: "Met geelrys",
      price: "45.00",
      allergens: [
        { code: "gluten", level: "contains" },
        { code: "milk", level: "contains" },
      ],
      allergensConfirmed: true,
      ...extra,
    },
  });
const boardAlertOf = async (app: App, db: Db, orderId: string) => {
  const board = await request(app, "GET", `/api/kitchen/orders?date=${WEDNESDAY}`, {
    cookie: await signedIn(db, kitchen),
  });
  return kitchenDayAnswer.parse(board.json()).data.orders.find((o) => o.id === orderId)?.allergyAlert;
};
const mailsTo = (db: Db, to: string) =>
  db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));
const myOrder = async (app: App, db: Db, who: { id: string }, orderId: string) => {
  const res = await request(app, "GET", "/api/my/orders", { cookie: await signedIn(db, who) });
  return myOrdersAnswer.parse(res.json()).data.find((order) => order.id === orderId)!;
};
const eventsOf = (db: Db, orderId: string) =>
  queryRows(
    db,
    sql`select data::json as data from order_events where data::json -> 'order' ->> 'id' = ${orderId} order by id`,
    z.object({ data: z.object({ dishChanged: z.literal(true).optional() }) }),
  );

describe("PUT /api/admin/menus/:menuId/days/:dayOfWeek/food-item: milk added to a dish with orders", () => {
  it("asks first with the counts, then alerts, tells and lets only the allergic customer cancel past the cut-off", async ({
    app,
    db,
  }) => {
    const allergic = await customerWithOrder(app, db, [{ code: "milk", severity: "allergy" }]);
    const other = await customerWithOrder(app, db, []);
    const handedOver = await customerWithOrder(app, db, [{ code: "milk", severity: "intolerance" }]);
    await db.execute(sql`update orders set status = 'delivered' where id = ${handedOver.orderId}`);
    now = WEDNESDAY_TEN;
    const versionBefore = await version(db);

    // Without the admin's yes: the counts, and nothing saved, alerted or mailed.
    const asked = await addMilk(app, db);
    expect([asked.statusCode, asked.json().code]).toEqual([409, "food_item_orders_touched"]);
    expect(asked.json().details).toEqual({ orders: 2, alerted: 1 });
    expect(asked.json().message).toBe(
      "Hierdie verandering aan die allergene raak 2 oop bestellings van die gereg; 1 daarvan is vir klante met 'n allergie daarvoor. Hulle word per e-pos en in die app in kennis gestel en kan kanselleer. Bevestig om te stoor.",
    );
    expect(await version(db)).toBe(versionBefore);
    expect(await boardAlertOf(app, db, allergic.orderId)).toBeNull();
    expect(await mailsTo(db, allergic.email)).toEqual([]);
    expect((await myOrder(app, db, allergic, allergic.orderId)).allergensChanged).toBeNull();

    // Confirmed: saved, one customer told.
    const saved = await addMilk(app, db, { touchedOrdersConfirmed: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().notified).toBe(1);

    // The board and the counter carry the allergic customer's alert at once; the other's has none.
    expect(await boardAlertOf(app, db, allergic.orderId)).toEqual({
      codes: ["milk"],
      unchecked: [],
      severeCodes: [],
      severe: false,
    });
    expect(await boardAlertOf(app, db, other.orderId)).toBeNull();
    const counter = await request(app, "GET", `/api/kitchen/counter?q=${allergic.orderId}`, {
      cookie: await signedIn(db, kitchen),
    });
    expect(counterAnswer.parse(counter.json()).data.orders.map((o) => o.allergyAlert)).toEqual([
      { codes: ["milk"], unchecked: [], severeCodes: [], severe: false },
    ]);
    // Every open order's stream hears it (the board reads the day again); a handed-over one does not.
    expect((await eventsOf(db, allergic.orderId)).at(-1)?.data.dishChanged).toBe(true);
    expect((await eventsOf(db, other.orderId)).at(-1)?.data.dishChanged).toBe(true);
    expect((await eventsOf(db, handedOver.orderId)).some((event) => event.data.dishChanged)).toBe(false);

    // One mail, to the allergic customer only.
    const [mail, ...more] = await mailsTo(db, allergic.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Die allergene van jou bestelling #\S+ het verander$/);
    expect(mail?.textBody).toContain(
      "het die allergene van Bobotie vir Woensdag 5 Maart 2031 verander nadat jy dit bestel het",
    );
    expect(mail?.textBody).toContain("Dit raak jou allergieë: melk.");
    expect(mail?.textBody).toContain("Die gereg se allergene is nou soos volg. Bevat: gluten, melk.");
    expect(mail?.textBody).toContain("ook ná die sluitingstyd, en dan kry jy R");
    expect(await mailsTo(db, other.email)).toEqual([]);
    expect(await mailsTo(db, handedOver.email)).toEqual([]);

    // In the app: the allergic customer's order says what changed and may still be cancelled.
    const mine = await myOrder(app, db, allergic, allergic.orderId);
    expect(mine).toMatchObject({
      cancellable: true,
      allergensChanged: {
        at: WEDNESDAY_TEN.toISOString(),
        allergens: [
          { code: "gluten", level: "contains" },
          { code: "milk", level: "contains" },
        ],
        checked: true,
      },
    });
    expect(await myOrder(app, db, other, other.orderId)).toMatchObject({
      cancellable: false,
      allergensChanged: null,
    });

    // Past the cut-off, the allergic customer's cancel is allowed and refunded in full; the other's is not.
    const cancelled = await request(app, "POST", `/api/my/orders/${allergic.orderId}/cancel`, {
      cookie: await signedIn(db, allergic),
      body: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.order.status).toBe("cancelled");
    expect(await walletBalance(db, allergic.id)).toBe("200.00");
    const refused = await request(app, "POST", `/api/my/orders/${other.orderId}/cancel`, {
      cookie: await signedIn(db, other),
      body: {},
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "ordering_closed"]);
    expect(await walletBalance(db, other.id)).toBe("155.00");
  });

  it("tells nobody and asks nothing when a check alone is confirmed, and the kitchen's Begin closes the cancel", async ({
    app,
    db,
  }) => {
    const allergic = await customerWithOrder(app, db, [{ code: "eggs", severity: "allergy" }]);
    now = WEDNESDAY_TEN;
    // Eggs added: the allergic customer is told; then the kitchen begins, and the cancel is closed.
    const eggs = [
      { code: "gluten", level: "contains" },
      { code: "milk", level: "contains" },
      { code: "eggs", level: "may_contain" },
    ];
    const saved = await addMilk(app, db, { allergens: eggs, touchedOrdersConfirmed: true });
    expect([saved.statusCode, saved.json().notified]).toEqual([200, 1]);
    await db.execute(sql`update orders set status = 'processing' where id = ${allergic.orderId}`);
    const refused = await request(app, "POST", `/api/my/orders/${allergic.orderId}/cancel`, {
      cookie: await signedIn(db, allergic),
      body: {},
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "order_not_cancellable"]);

    // The same declaration saved again, its check withdrawn then confirmed: no question, nobody told twice.
    const mailsBefore = (await mailsTo(db, allergic.email)).length;
    const unticked = await addMilk(app, db, { allergens: eggs, allergensConfirmed: false });
    expect([unticked.statusCode, unticked.json().code]).toEqual([409, "food_item_orders_touched"]);
    const ticked = await addMilk(app, db, { allergens: eggs });
    expect([ticked.statusCode, ticked.json().notified]).toEqual([200, 0]);
    expect(await mailsTo(db, allergic.email)).toHaveLength(mailsBefore);
  });
  it("asks the kitchen again before the hand-over when the dish gained an allergen after it was checked", async ({
    app,
    db,
  }) => {
    await declareAllergens(db, bobotie.id, [{ code: "milk", level: "contains" }], { by: admin.id });
    const user = await customerWithOrder(
      app,
      db,
      [
        { code: "milk", severity: "intolerance" },
        { code: "sesame", severity: "severe" },
      ],
      { acknowledged: true },
    );
    const { orderId } = user;
    // Wednesday: the kitchen makes it and checks the milk at Gereed.
    now = WEDNESDAY_TEN;
    const asKitchen = await signedIn(db, kitchen);
    const step = (body: object) =>
      request(app, "PATCH", `/api/orders/${orderId}/status`, { cookie: asKitchen, body });
    expect((await step({ status: "processing" })).statusCode).toBe(200);
    expect((await step({ status: "ready", allergensConfirmed: true })).statusCode).toBe(200);

    // Then the admin declares sesame too: what was checked no longer covers the dish.
    const saved = await addMilk(app, db, {
      allergens: [
        { code: "milk", level: "contains" },
        { code: "sesame", level: "contains" },
      ],
      touchedOrdersConfirmed: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const collect = (body: object) =>
      request(app, "POST", `/api/kitchen/orders/${orderId}/collect`, { cookie: asKitchen, body });
    const asked = await collect({});
    expect([asked.statusCode, asked.json().code]).toEqual([409, "allergens_unconfirmed"]);
    expect(asked.json().message).toContain("sesam");
    expect((await collect({ allergensConfirmed: true })).statusCode).toBe(200);
  });
  it("tells the customer when an allergen the dish may contain becomes one it contains", async ({
    app,
    db,
  }) => {
    await declareAllergens(db, bobotie.id, [{ code: "milk", level: "may_contain" }], { by: admin.id });
    const user = await customerWithOrder(app, db, [{ code: "milk", severity: "severe" }], {
      acknowledged: true,
    });
    // Now it contains milk: a new order would be refused; this one's customer is asked about and told.
    const contains = { allergens: [{ code: "milk", level: "contains" }] };
    const asked = await addMilk(app, db, contains);
    // (The dish's other open orders, from the tests before, gain nothing.)
    expect([asked.statusCode, asked.json().details.alerted]).toEqual([409, 1]);
    const saved = await addMilk(app, db, { ...contains, touchedOrdersConfirmed: true });
    expect([saved.statusCode, saved.json().notified]).toEqual([200, 1]);
    expect(await mailsTo(db, user.email)).toHaveLength(1);
  });
});
