import { randomUUID } from "node:crypto";
import { formatRand } from "@kantien/domain/money";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { foodItems } from "../../db/schema";
import { giveAllergies } from "../../test/allergy-fixtures";
import { appTest } from "../../test/app-test";
import { openStream } from "../../test/event-stream";
import { createFoodItem, createUser, createWeeklyMenu, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";
import { saveLimits } from "../guardians/limits";
import { moveWalletMoney } from "../wallets/ledger";

/*
 * The counter's sales (docs/decisions/0071-the-counter-sells.md). The canteen's clock stands on
 * Tuesday 4 March 2031, 07:00 in Johannesburg: Tuesday's dish may be sold at the counter.
 */
const NOW = new Date("2031-03-04T05:00:00Z");
const TODAY = "2031-03-04";
const it = appTest({ clock: () => NOW });

let asAdmin: string;
let asCook: string;
let menuId: string;
it.beforeAll(async ({ db }) => {
  asAdmin = await sessionCookieFor(db, (await createUser(db, { roleId: 4 })).id, NOW);
  asCook = await sessionCookieFor(db, (await createUser(db, { roleId: 3 })).id, NOW);
  menuId = (await createWeeklyMenu(db, { dateFrom: "2031-03-03" })).id;
});

/** A dish of this week's menu on `day`, put on sale at the counter unless said otherwise. */
async function dish(
  db: Db,
  {
    day = "Dinsdag",
    portions = null,
    atCounter = true,
  }: {
    day?: "Maandag" | "Dinsdag" | "Woensdag";
    portions?: number | null;
    atCounter?: boolean;
  } = {},
) {
  // A menu day has one dish: the one before it is replaced.
  await db
    .update(foodItems)
    .set({ retiredAt: NOW })
    .where(
      sql`${foodItems.weeklyMenuId} = ${menuId} and ${foodItems.dayOfWeek} = ${day} and ${foodItems.retiredAt} is null`,
    );
  const item = await createFoodItem(db, { weeklyMenuId: menuId, dayOfWeek: day, price: "30.00" });
  await db
    .update(foodItems)
    .set({ portions, soldAtCounter: atCounter, allergensCheckedAt: NOW })
    .where(eq(foodItems.id, item.id));
  return item;
}

/** A counter item, checked, with a day's stock when given. */
async function counterItem(app: App, name: string, { price = "12.50", stock = null as number | null } = {}) {
  const added = await request(app, "POST", "/api/counter-items", {
    cookie: asAdmin,
    body: { name, price, category: "Drankies", allergens: [], diet: [], allergensConfirmed: true },
  });
  expect(added.statusCode, added.body).toBe(201);
  const id: string = added.json().data.id;
  if (stock !== null) {
    const set = await request(app, "PUT", `/api/counter-items/${id}/stock`, {
      cookie: asAdmin,
      body: { date: TODAY, quantity: stock, reason: "Oggend se aflewering" },
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  return id;
}

/** A learner with `balance` in their wallet. */
async function learner(db: Db, balance = "100.00") {
  const user = await createUser(db, { roleId: 1 });
  await db.transaction((tx) =>
    moveWalletMoney(tx, { userId: user.id, amount: balance, kind: "top_up", createdBy: user.id, at: NOW }),
  );
  return user;
}

const sell = (app: App, body: object, { cookie = asCook, key = randomUUID() } = {}) =>
  request(app, "POST", "/api/counter/sales", { cookie, body, headers: { "idempotency-key": key } });

const onSale = async (app: App) => {
  const response = await request(app, "GET", "/api/counter/on-sale", { cookie: asCook });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items as { key: string; name: string; left: number | null }[];
};

const balanceOf = async (db: Db, userId: string) =>
  (
    await queryRows(
      db,
      sql`select balance::text as balance from wallets where user_id = ${userId}`,
      z.object({ balance: z.string() }),
    )
  )[0]?.balance;

const salesCount = async (db: Db) =>
  (await queryRows(db, sql`select count(*)::int as n from counter_sales`, z.object({ n: z.number() })))[0]!.n;

describe("what the counter sells", () => {
  it("is today's dishes put on sale at the counter and the counter items on sale, with what is left", async ({
    app,
    db,
  }) => {
    const soup = await dish(db, { portions: 12 });
    const tomorrow = await dish(db, { day: "Woensdag" });
    const muffin = await counterItem(app, "Muffin (op verkoop)", { stock: 8 });
    const items = await onSale(app);
    const keys = items.map((item) => item.key);
    expect(keys).toContain(`dish:${soup.id}`);
    expect(keys).not.toContain(`dish:${tomorrow.id}`);
    expect(items.find((item) => item.key === `dish:${soup.id}`)).toMatchObject({
      category: "",
      left: 12,
    });
    expect(items.find((item) => item.key === `item:${muffin}`)).toMatchObject({ left: 8 });
    // The dishes come first.
    expect(keys.indexOf(`dish:${soup.id}`)).toBeLessThan(keys.indexOf(`item:${muffin}`));

    // Today's dish not put on sale at the counter (it replaced the soup) is not offered.
    const hidden = await dish(db, { atCounter: false });
    const after = (await onSale(app)).map((item) => item.key);
    expect(after).not.toContain(`dish:${hidden.id}`);
    expect(after).not.toContain(`dish:${soup.id}`);
  });
});

describe("a dish at the counter", () => {
  it("is put on sale, and off it, by the dish dialog's save", async ({ app, db }) => {
    const stew = await dish(db, { atCounter: false });
    const save = (soldAtCounter: boolean) =>
      request(app, "PUT", `/api/admin/menus/${menuId}/days/Dinsdag/food-item`, {
        cookie: asAdmin,
        body: {
          id: stew.id,
          name: "Bredie",
          description: "Met rys",
          price: "30.00",
          day_of_week: "Dinsdag",
          weekly_menu_id: menuId,
          sold_at_counter: soldAtCounter,
        },
      });
    const on = await save(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.sold_at_counter).toBe(true);
    expect((await onSale(app)).map((item) => item.key)).toContain(`dish:${stew.id}`);
    expect((await save(false)).statusCode).toBe(200);
    expect((await onSale(app)).map((item) => item.key)).not.toContain(`dish:${stew.id}`);
  });
});

describe("a dish's portions corrected", () => {
  it("by an admin with a reason, never below what is taken, and listed in the day's report", async ({
    app,
    db,
  }) => {
    const stew = await dish(db, { portions: 10 });
    const sold = await sell(app, {
      lines: [{ foodItemId: stew.id, quantity: 4 }],
      payment: { method: "cash" },
    });
    expect(sold.statusCode).toBe(201);
    const correct = (body: object, cookie = asAdmin) =>
      request(app, "PUT", `/api/admin/food-items/${stew.id}/portions`, { cookie, body });
    expect((await correct({ portions: 6, reason: "Een skinkbord geval" }, asCook)).statusCode).toBe(403);
    expect((await correct({ portions: 6 })).statusCode).toBe(400);
    const below = await correct({ portions: 3, reason: "Te min" });
    expect([below.statusCode, below.json().code]).toEqual([409, "portions_below_ordered"]);
    const done = await correct({ portions: 6, reason: "Een skinkbord geval" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ foodItemId: stew.id, portions: 6, left: 2 });
    const report = await request(app, "GET", `/api/reports/day?date=${TODAY}`, { cookie: asAdmin });
    expect(report.json().data.counter.stockChanges).toContainEqual(
      expect.objectContaining({ item: stew.name, from: 10, to: 6, reason: "Een skinkbord geval" }),
    );
    expect(
      (
        await request(app, "PUT", `/api/admin/food-items/${randomUUID()}/portions`, {
          cookie: asAdmin,
          body: { portions: 1, reason: "Onbekend" },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("POST /api/counter/sales", () => {
  it("sells for cash, takes from stock and portions, numbers the day's sales, and counts a key once", async ({
    app,
    db,
  }) => {
    const stew = await dish(db, { portions: 5 });
    const juice = await counterItem(app, "Sap (kontant)", { stock: 10, price: "12.50" });
    const key = randomUUID();
    const body = {
      lines: [
        { counterItemId: juice, quantity: 2 },
        { foodItemId: stew.id, quantity: 1 },
        { counterItemId: juice, quantity: 1 },
      ],
      payment: { method: "cash" },
    };
    const sold = await sell(app, body, { key });
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = sold.json().data;
    expect(sale).toMatchObject({
      date: TODAY,
      method: "cash",
      customer: null,
      total: "67.50",
      balanceAfter: null,
      voided: null,
    });
    // A repeated item is one line.
    expect(sale.lines).toHaveLength(2);
    expect(sale.lines).toContainEqual(
      expect.objectContaining({ counterItemId: juice, quantity: 3, unitPrice: "12.50", total: "37.50" }),
    );
    expect(sold.json().message).toBe(`Verkoop ${sale.number} aangeteken: ${formatRand("67.50")}.`);

    const again = await sell(app, body, { key });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(sale.id);
    const items = await onSale(app);
    expect(items.find((item) => item.key === `item:${juice}`)?.left).toBe(7);
    expect(items.find((item) => item.key === `dish:${stew.id}`)?.left).toBe(4);

    const next = await sell(app, {
      lines: [{ counterItemId: juice, quantity: 1 }],
      payment: { method: "card" },
    });
    expect(next.json().data.number).toBe(sale.number + 1);
  });

  it("refuses more than is left, naming what is left, and writes nothing", async ({ app, db }) => {
    const pie = await dish(db, { portions: 2 });
    const apple = await counterItem(app, "Appel (min)", { stock: 1 });
    const before = await salesCount(db);
    const tooMany = await sell(app, {
      lines: [
        { counterItemId: apple, quantity: 1 },
        { foodItemId: pie.id, quantity: 3 },
      ],
      payment: { method: "cash" },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: "sold_out", details: { left: 2, foodItemId: pie.id } });
    const apples = await sell(app, {
      lines: [{ counterItemId: apple, quantity: 2 }],
      payment: { method: "cash" },
    });
    expect(apples.json()).toMatchObject({ code: "sold_out", details: { left: 1, counterItemId: apple } });
    expect(await salesCount(db)).toBe(before);
    const items = await onSale(app);
    expect(items.find((item) => item.key === `item:${apple}`)?.left).toBe(1);
  });

  it("carries an item's stock over to the next days when the admin says so, and a day's stock not", async ({
    app,
  }) => {
    const cans = await counterItem(app, "Koeldrank (blikkie)");
    const rolls = await counterItem(app, "Broodrolletjie (dag)");
    await request(app, "PUT", `/api/counter-items/${cans}`, {
      cookie: asAdmin,
      body: { name: "Koeldrank (blikkie)", price: "12.50", stockCarries: true, allergensConfirmed: true },
    });
    for (const id of [cans, rolls]) {
      const set = await request(app, "PUT", `/api/counter-items/${id}/stock`, {
        cookie: asAdmin,
        body: { date: "2031-03-03", quantity: 10, reason: "Maandag se aflewering" },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    const sold = await sell(app, {
      lines: [{ counterItemId: cans, quantity: 3 }],
      payment: { method: "cash" },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const leftOn = async (date: string) =>
      Object.fromEntries(
        (await request(app, "GET", `/api/counter-items?date=${date}`, { cookie: asCook }))
          .json()
          .data.items.filter((item: { id: string }) => [cans, rolls].includes(item.id))
          .map((item: { id: string; left: number | null }) => [
            item.id === cans ? "cans" : "rolls",
            item.left,
          ]),
      );
    // Monday's ten cans, less today's three, today and tomorrow; Monday's rolls were Monday's.
    expect(await leftOn(TODAY)).toEqual({ cans: 7, rolls: null });
    expect(await leftOn("2031-03-05")).toEqual({ cans: 7, rolls: null });
    const tooMany = await sell(app, {
      lines: [{ counterItemId: cans, quantity: 8 }],
      payment: { method: "cash" },
    });
    expect(tooMany.json()).toMatchObject({ code: "sold_out", details: { left: 7 } });
  });

  it("refuses what is not on sale today", async ({ app, db }) => {
    const tomorrow = await dish(db, { day: "Woensdag" });
    const hidden = await dish(db, { atCounter: false });
    const off = await counterItem(app, "Koek (nie te koop)");
    await request(app, "PUT", `/api/counter-items/${off}`, {
      cookie: asAdmin,
      body: { name: "Koek (nie te koop)", price: "9.00", onSale: false, allergensConfirmed: true },
    });
    for (const line of [
      { foodItemId: tomorrow.id, quantity: 1 },
      { foodItemId: hidden.id, quantity: 1 },
      { counterItemId: off, quantity: 1 },
      { counterItemId: randomUUID(), quantity: 1 },
    ]) {
      const refused = await sell(app, { lines: [line], payment: { method: "cash" } });
      expect([refused.statusCode, refused.json().code]).toEqual([409, "sale_item_unavailable"]);
    }
  });

  it("debits a wallet once, with the new balance, and refuses what the wallet cannot pay", async ({
    app,
    db,
  }) => {
    const juice = await counterItem(app, "Sap (beursie)", { price: "15.00" });
    const buyer = await learner(db, "40.00");
    const sold = await sell(app, {
      lines: [{ counterItemId: juice, quantity: 2 }],
      payment: { method: "wallet", customerId: buyer.id },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data).toMatchObject({
      method: "wallet",
      customer: { id: buyer.id },
      total: "30.00",
      balanceAfter: "10.00",
    });
    expect(sold.json().message).toContain(`Nuwe saldo ${formatRand("10.00")}`);
    expect(await balanceOf(db, buyer.id)).toBe("10.00");

    const before = await salesCount(db);
    const short = await sell(app, {
      lines: [{ counterItemId: juice, quantity: 1 }],
      payment: { method: "wallet", customerId: buyer.id },
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: "insufficient_balance",
      details: { balance: "10.00", total: "15.00", missing: "5.00" },
    });
    expect(await balanceOf(db, buyer.id)).toBe("10.00");
    expect(await salesCount(db)).toBe(before);

    // Staff and guardians do not buy from a wallet at the counter by someone's id.
    const cook = await createUser(db, { roleId: 3 });
    const notCustomer = await sell(app, {
      lines: [{ counterItemId: juice, quantity: 1 }],
      payment: { method: "wallet", customerId: cook.id },
    });
    expect([notCustomer.statusCode, notCustomer.json().code]).toEqual([400, "order_customer_invalid"]);
  });

  it("keeps to a learner's limits, counting the day's orders and sales together", async ({ app, db }) => {
    const juice = await counterItem(app, "Sap (perk)", { price: "20.00" });
    const unchecked = await request(app, "POST", "/api/counter-items", {
      cookie: asAdmin,
      body: { name: "Neutkoek (ongekontroleer)", price: "10.00", allergens: [], allergensConfirmed: false },
    });
    const buyer = await learner(db);
    const parent = await createUser(db, { roleId: 5 });
    await saveLimits(db, {
      learnerId: buyer.id,
      limits: {
        dailyLimit: "30.00",
        weeklyLimit: null,
        blockedFoodItemIds: [],
        blockedAllergens: ["peanuts"],
      },
      by: parent.id,
    });
    const wallet = { method: "wallet", customerId: buyer.id };
    expect(
      (await sell(app, { lines: [{ counterItemId: juice, quantity: 1 }], payment: wallet })).statusCode,
    ).toBe(201);
    // The counter sees what is left before it sells.
    const seen = await request(app, "GET", `/api/counter/customers/${buyer.id}`, { cookie: asCook });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({
      id: buyer.id,
      balance: "80.00",
      limits: { dailyLimit: "30.00", leftToday: "10.00", blockedAllergens: ["peanuts"] },
    });
    const over = await sell(app, { lines: [{ counterItemId: juice, quantity: 1 }], payment: wallet });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: "limit_reached", details: { left: "10.00", limit: "daily" } });
    // An item nobody checked may hold the blocked allergen: unknown is unsafe.
    const blocked = await sell(app, {
      lines: [{ counterItemId: unchecked.json().data.id, quantity: 1 }],
      payment: wallet,
    });
    expect([blocked.statusCode, blocked.json().code]).toEqual([409, "item_blocked"]);
    expect(await balanceOf(db, buyer.id)).toBe("80.00");
  });

  it("asks the cook to confirm a customer's allergies, records it, and refuses a severe one", async ({
    app,
    db,
  }) => {
    const milky = await request(app, "POST", "/api/counter-items", {
      cookie: asAdmin,
      body: {
        name: "Melkskommel",
        price: "22.00",
        allergens: [{ code: "milk", level: "contains" }],
        allergensConfirmed: true,
      },
    });
    const nutty = await request(app, "POST", "/api/counter-items", {
      cookie: asAdmin,
      body: {
        name: "Grondboontjiestafie",
        price: "8.00",
        allergens: [{ code: "peanuts", level: "contains" }],
        allergensConfirmed: true,
      },
    });
    const buyer = await learner(db);
    await giveAllergies(db, buyer.id, [
      { code: "milk", severity: "intolerance" },
      { code: "peanuts", severity: "severe" },
    ]);
    const wallet = { method: "wallet", customerId: buyer.id };
    const shake = [{ counterItemId: milky.json().data.id, quantity: 1 }];
    const asked = await sell(app, { lines: shake, payment: wallet });
    expect([asked.statusCode, asked.json().code]).toEqual([409, "allergen_confirm_required"]);
    expect(asked.json().message).toContain("melk");
    const confirmed = await sell(app, { lines: shake, payment: wallet, allergenAcknowledged: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().data.allergenAcknowledged).toBe(true);

    const severe = await sell(app, {
      lines: [{ counterItemId: nutty.json().data.id, quantity: 1 }],
      payment: wallet,
      allergenAcknowledged: true,
    });
    expect([severe.statusCode, severe.json().code]).toEqual([409, "allergen_blocked"]);
    // Cash has no customer, so no allergies to check.
    const cash = await sell(app, {
      lines: [{ counterItemId: nutty.json().data.id, quantity: 1 }],
      payment: { method: "cash" },
    });
    expect(cash.statusCode).toBe(201);
  });

  it("shows the counter no one who does not order from a wallet", async ({ app, db }) => {
    const cook = await createUser(db, { roleId: 3 });
    for (const id of [cook.id, randomUUID(), "nie-'n-id"]) {
      const seen = await request(app, "GET", `/api/counter/customers/${id}`, { cookie: asCook });
      expect(seen.statusCode).toBe(404);
    }
    const anonymous = await request(app, "GET", `/api/counter/customers/${cook.id}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses hostile bodies with a 400 and writes nothing", async ({ app, db }) => {
    const juice = await counterItem(app, "Sap (vyandig)");
    const before = await salesCount(db);
    for (const body of [
      {},
      { lines: [], payment: { method: "cash" } },
      { lines: [{ counterItemId: juice, quantity: 0 }], payment: { method: "cash" } },
      { lines: [{ counterItemId: juice, quantity: 1.5 }], payment: { method: "cash" } },
      { lines: [{ counterItemId: juice, foodItemId: juice, quantity: 1 }], payment: { method: "cash" } },
      {
        lines: [{ counterItemId: "'; drop table counter_sales; --", quantity: 1 }],
        payment: { method: "cash" },
      },
      { lines: [{ counterItemId: juice, quantity: 1 }], payment: { method: "wallet" } },
      { lines: [{ counterItemId: juice, quantity: 1 }], payment: { method: "voucher" } },
      {
        lines: [{ counterItemId: juice, quantity: 1 }],
        payment: { method: "cash", customerId: randomUUID() },
      },
    ]) {
      const refused = await sell(app, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await salesCount(db)).toBe(before);
  });

  it("sells the last items once when counters sell at the same moment", async ({ app }) => {
    const muffin = await counterItem(app, "Muffin (wedloop)", { stock: 5 });
    const tries = await Promise.all(
      Array.from({ length: 12 }, () =>
        sell(app, { lines: [{ counterItemId: muffin, quantity: 1 }], payment: { method: "cash" } }),
      ),
    );
    const codes = tries.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
    expect(tries.filter((r) => r.statusCode === 409).every((r) => r.json().code === "sold_out")).toBe(true);
    const items = await onSale(app);
    expect(items.find((item) => item.key === `item:${muffin}`)?.left).toBe(0);
  });
});

describe("what is left, live", () => {
  it("reaches every customer's menu when the counter sells a capped dish or voids the sale, and no staff stream", async ({
    app,
    db,
  }) => {
    // The streams need a socket.
    if (!app.server.address()) await app.listen({ port: 0, host: "127.0.0.1" });
    const soup = await dish(db, { portions: 10 });
    const customer = await createUser(db, { roleId: 1 });
    const menu = await openStream(app, await sessionCookieFor(db, customer.id, NOW), "/api/my/events");
    const board = await openStream(app, asCook);
    expect(await menu.until((text) => text.includes("event: ready"))).toBe(true);
    expect(await board.until((text) => text.includes("event: ready"))).toBe(true);
    const sale = (
      await sell(app, { lines: [{ foodItemId: soup.id, quantity: 3 }], payment: { method: "cash" } })
    ).json().data;
    await request(app, "POST", `/api/counter/sales/${sale.id}/void`, {
      cookie: asAdmin,
      body: { reason: "Fout" },
    });
    expect(await menu.until(() => menu.messages().filter((m) => m.event === "portions").length >= 2)).toBe(
      true,
    );
    expect(
      menu
        .messages()
        .filter((m) => m.event === "portions")
        .map((m) => JSON.parse(m.data)),
    ).toEqual([
      { foodItemId: soup.id, left: 7 },
      { foodItemId: soup.id, left: 10 },
    ]);
    expect(board.messages().some((m) => m.event === "portions")).toBe(false);
    menu.close();
    board.close();
  });
});

describe("POST /api/counter/sales/:id/void", () => {
  it("lets an admin void a sale of today with a reason: the wallet gets it back, stock is freed, once", async ({
    app,
    db,
  }) => {
    const juice = await counterItem(app, "Sap (kanselleer)", { stock: 3, price: "10.00" });
    const buyer = await learner(db, "50.00");
    const sale = (
      await sell(app, {
        lines: [{ counterItemId: juice, quantity: 2 }],
        payment: { method: "wallet", customerId: buyer.id },
      })
    ).json().data;
    const url = `/api/counter/sales/${sale.id}/void`;
    const byCook = await request(app, "POST", url, { cookie: asCook, body: { reason: "Verkeerde kind" } });
    expect(byCook.statusCode).toBe(403);
    const noReason = await request(app, "POST", url, { cookie: asAdmin, body: { reason: " " } });
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, "validation_failed"]);

    const voided = await request(app, "POST", url, { cookie: asAdmin, body: { reason: "Verkeerde kind" } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.voided).toMatchObject({ reason: "Verkeerde kind" });
    expect(voided.json().message).toBe(`Verkoop ${sale.number} is gekanselleer.`);
    expect(await balanceOf(db, buyer.id)).toBe("50.00");
    expect((await onSale(app)).find((item) => item.key === `item:${juice}`)?.left).toBe(3);

    const twice = await request(app, "POST", url, { cookie: asAdmin, body: { reason: "Weer" } });
    expect([twice.statusCode, twice.json().code]).toEqual([409, "sale_already_voided"]);
    expect(await balanceOf(db, buyer.id)).toBe("50.00");

    const listed = await request(app, "GET", `/api/counter/sales?date=${TODAY}`, { cookie: asCook });
    expect(listed.json().data.sales).toContainEqual(
      expect.objectContaining({ id: sale.id, voided: expect.any(Object) }),
    );
  });

  it("refuses a sale of another day, and an unknown one", async ({ app, db }) => {
    const juice = await counterItem(app, "Sap (gister)");
    const sale = (
      await sell(app, { lines: [{ counterItemId: juice, quantity: 1 }], payment: { method: "cash" } })
    ).json().data;
    await db.execute(
      sql`update counter_sales set date = date - 1, number = number + 100000 where id = ${sale.id}`,
    );
    const old = await request(app, "POST", `/api/counter/sales/${sale.id}/void`, {
      cookie: asAdmin,
      body: { reason: "Te laat" },
    });
    expect([old.statusCode, old.json().code]).toEqual([409, "sale_void_not_today"]);
    for (const id of [randomUUID(), "nie-'n-id"]) {
      const unknown = await request(app, "POST", `/api/counter/sales/${id}/void`, {
        cookie: asAdmin,
        body: { reason: "Onbekend" },
      });
      expect(unknown.statusCode).toBe(404);
    }
  });

  it("keeps the day's wallet proof balanced through wallet sales and voids", async ({ app, db }) => {
    const juice = await counterItem(app, "Sap (bewys)", { price: "7.00" });
    const buyer = await learner(db, "30.00");
    const wallet = { method: "wallet", customerId: buyer.id };
    await sell(app, { lines: [{ counterItemId: juice, quantity: 1 }], payment: wallet });
    const second = (
      await sell(app, { lines: [{ counterItemId: juice, quantity: 2 }], payment: wallet })
    ).json().data;
    await request(app, "POST", `/api/counter/sales/${second.id}/void`, {
      cookie: asAdmin,
      body: { reason: "Fout" },
    });
    const report = await request(app, "GET", `/api/reports/day?date=${TODAY}`, { cookie: asAdmin });
    expect(report.statusCode).toBe(200);
    expect(report.json().data.walletProof.balanced).toBe(true);
    expect(await balanceOf(db, buyer.id)).toBe("23.00");
    // Over a range: the counter's sales by day and how paid, and what it sold most.
    const range = await request(app, "GET", `/api/reports/sales?from=2031-03-02&to=2031-03-08&groupBy=day`, {
      cookie: asAdmin,
    });
    expect(range.statusCode, range.body).toBe(200);
    const days = range.json().data.counter.series;
    expect(days).toHaveLength(7);
    expect(days.find((row: { period: string }) => row.period === TODAY).sales).toBeGreaterThanOrEqual(1);
    expect(range.json().data.counter.topItems).toContainEqual(
      expect.objectContaining({ name: "Sap (bewys)", quantity: 1 }),
    );
    // The bursar's view of the counter's day: the voided sale apart, with why and by whom.
    const counter = report.json().data.counter;
    expect(counter.byMethod.wallet.count).toBeGreaterThanOrEqual(1);
    expect(counter.byItem).toContainEqual({ name: "Sap (bewys)", quantity: 1, amount: "7.00" });
    expect(counter.voids).toContainEqual(
      expect.objectContaining({ number: second.number, method: "wallet", total: "14.00", reason: "Fout" }),
    );
    expect(counter.stockChanges).toContainEqual(
      expect.objectContaining({
        item: "Muffin (op verkoop)",
        from: null,
        to: 8,
        reason: "Oggend se aflewering",
      }),
    );
  });
});
