import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import type { Db } from "../../db/client";
import { clients } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { moveWalletMoney } from "../wallets/ledger";

/*
 * Learners' cards (docs/decisions/0072-learner-cards.md). The canteen's clock stands on Tuesday
 * 4 March 2031, 07:00 in Johannesburg.
 */
const NOW = new Date("2031-03-04T05:00:00Z");
const TODAY = "2031-03-04";
const it = appTest({ clock: () => NOW });

let asAdmin: string;
let asCook: string;
it.beforeAll(async ({ db }) => {
  asAdmin = await sessionCookieFor(db, (await createUser(db, { roleId: 4 })).id, NOW);
  asCook = await sessionCookieFor(db, (await createUser(db, { roleId: 3 })).id, NOW);
});

let nextNumber = 1;
/** A learner with an academy record, a grade and R 60 in the wallet. */
async function learner(db: Db, grade = "8B") {
  const user = await createUser(db, { roleId: 1 });
  await db
    .insert(clients)
    .values({ userId: user.id, akdNumber: `AKD9${String(nextNumber++).padStart(5, "0")}`, grade });
  await db.transaction((tx) =>
    moveWalletMoney(tx, { userId: user.id, amount: "60.00", kind: "top_up", createdBy: user.id, at: NOW }),
  );
  return user;
}

const issue = (app: App, id: string, cookie = asAdmin) =>
  request(app, "POST", `/api/customers/${id}/card`, { cookie, body: {} });
const scan = (app: App, code: string) =>
  request(app, "GET", `/api/counter/card?${new URLSearchParams({ code })}`, { cookie: asCook });

describe("learner cards", () => {
  it("are issued by admins, read by the counter's scan, and stop at once when replaced or blocked", async ({
    app,
    db,
  }) => {
    const sanet = await learner(db);
    expect((await issue(app, sanet.id, asCook)).statusCode).toBe(403);
    const issued = await issue(app, sanet.id);
    expect(issued.statusCode, issued.body).toBe(201);
    const card = issued.json().data;
    expect(card).toMatchObject({
      learnerId: sanet.id,
      grade: "8B",
      code: expect.stringMatching(/^kantien:card:[0-9A-Z]{16}$/),
    });
    const seen = await scan(app, card.code);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ id: sanet.id, balance: "60.00" });
    // A scanner may send it in lower case.
    expect((await scan(app, card.code.toLowerCase())).json().data.id).toBe(sanet.id);

    const replaced = (await issue(app, sanet.id)).json().data;
    expect(replaced.code).not.toBe(card.code);
    const old = await scan(app, card.code);
    expect([old.statusCode, old.json().code]).toEqual([404, "learner_card_unknown"]);
    expect((await scan(app, replaced.code)).statusCode).toBe(200);

    const blocked = await request(app, "DELETE", `/api/customers/${sanet.id}/card`, { cookie: asAdmin });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await scan(app, replaced.code)).statusCode).toBe(404);
    const again = await request(app, "DELETE", `/api/customers/${sanet.id}/card`, { cookie: asAdmin });
    expect(again.statusCode).toBe(404);
  });

  it("pay a wallet sale by the card's code, and a blocked card pays nothing", async ({ app, db }) => {
    const learnerWithCard = await learner(db);
    const code = (await issue(app, learnerWithCard.id)).json().data.code;
    const item = await request(app, "POST", "/api/counter-items", {
      cookie: asAdmin,
      body: { name: "Sap (kaart)", price: "12.00", allergensConfirmed: true },
    });
    const sell = (payCode: string) =>
      request(app, "POST", "/api/counter/sales", {
        cookie: asCook,
        headers: { "idempotency-key": randomUUID() },
        body: {
          lines: [{ counterItemId: item.json().data.id, quantity: 1 }],
          payment: { method: "wallet", code: payCode },
        },
      });
    const sold = await sell(code);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data).toMatchObject({ customer: { id: learnerWithCard.id }, balanceAfter: "48.00" });
    await request(app, "DELETE", `/api/customers/${learnerWithCard.id}/card`, { cookie: asAdmin });
    const refused = await sell(code);
    expect([refused.statusCode, refused.json().code]).toEqual([404, "learner_card_unknown"]);
    for (const bad of ["kantien:card:NIE-N-KAART", "kantien:order:123", "'; drop table learner_cards; --"]) {
      expect((await sell(bad)).statusCode).toBe(404);
    }
  });

  it("find the learner's orders of the day at the hand-over", async ({ app, db }) => {
    const menu = await createWeeklyMenu(db, { dateFrom: "2031-03-03" });
    const dish = await createFoodItem(db, { weeklyMenuId: menu.id, dayOfWeek: "Dinsdag" });
    const hungry = await learner(db);
    const order = await createOrder(db, {
      userId: hungry.id,
      foodItemId: dish.id,
      status: "ready",
      deliveryDate: TODAY,
      createdAt: NOW,
    });
    const code = (await issue(app, hungry.id)).json().data.code;
    const found = await request(app, "GET", `/api/kitchen/counter?${new URLSearchParams({ q: code })}`, {
      cookie: asCook,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    await issue(app, hungry.id);
    const old = await request(app, "GET", `/api/kitchen/counter?${new URLSearchParams({ q: code })}`, {
      cookie: asCook,
    });
    expect(old.json().data.orders).toEqual([]);
  });

  it("show on the learner's phone as the same code, issued when they had none", async ({ app, db }) => {
    const phone = await learner(db);
    const cookie = await sessionCookieFor(db, phone.id, NOW);
    const mine = await request(app, "POST", "/api/my/card", { cookie, body: {} });
    expect(mine.statusCode, mine.body).toBe(200);
    const code: string = mine.json().data.code;
    expect((await scan(app, code)).json().data.id).toBe(phone.id);
    expect((await request(app, "POST", "/api/my/card", { cookie, body: {} })).json().data.code).toBe(code);
    // A replaced card is the phone's new code too; the old one stops.
    const printed = (await issue(app, phone.id)).json().data.code;
    expect((await request(app, "POST", "/api/my/card", { cookie, body: {} })).json().data.code).toBe(printed);
    expect((await scan(app, code)).statusCode).toBe(404);
    // Without an academy record there is no card to show.
    const walkIn = await createUser(db, { roleId: 1 });
    const none = await request(app, "POST", "/api/my/card", {
      cookie: await sessionCookieFor(db, walkIn.id, NOW),
      body: {},
    });
    expect([none.statusCode, none.json().code]).toEqual([409, "learner_card_unavailable"]);
  });

  it("come as a sheet for a class, each learner's card issued once and reprinted after", async ({
    app,
    db,
  }) => {
    const a = await learner(db, "9C");
    const b = await learner(db, "9c");
    await learner(db, "10A");
    const sheet = await request(app, "POST", "/api/admin/learner-cards", {
      cookie: asAdmin,
      body: { grade: "9C" },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const cards = sheet.json().data.cards;
    expect(cards.map((card: { learnerId: string }) => card.learnerId).sort()).toEqual([a.id, b.id].sort());
    const reprint = await request(app, "POST", "/api/admin/learner-cards", {
      cookie: asAdmin,
      body: { learnerIds: [a.id] },
    });
    expect(reprint.json().data.cards[0].code).toBe(
      cards.find((card: { learnerId: string }) => card.learnerId === a.id).code,
    );
    const byCook = await request(app, "POST", "/api/admin/learner-cards", {
      cookie: asCook,
      body: { grade: "9C" },
    });
    expect(byCook.statusCode).toBe(403);
    const staff = await createUser(db, { roleId: 3 });
    expect((await issue(app, staff.id)).statusCode).toBe(404);
    // A customer without an academy number is told what to do first.
    const walkIn = await createUser(db, { roleId: 1 });
    const first = await issue(app, walkIn.id);
    expect([first.statusCode, first.json().code]).toEqual([409, "learner_card_needs_academy_number"]);
    expect((await issue(app, randomUUID())).statusCode).toBe(404);
  });
});
