import { randomUUID } from "node:crypto";
import type { MyLearner } from "@kantien/domain/guardians";
import { formatRand } from "@kantien/domain/money";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { clients } from "../../db/schema";
import { declareAllergens } from "../../test/allergy-fixtures";
import { appTest } from "../../test/app-test";
import { createFoodItem, createUser, createWeeklyMenu, sessionCookieFor } from "../../test/fixtures";
import { request } from "../../test/request";
import { moveWalletMoney } from "../wallets/ledger";

/*
 * Learners and their guardians (docs/decisions/0068-who-eats-and-who-pays.md). The canteen's clock
 * stands on Tuesday 4 March 2031, 07:00 in Johannesburg: Tuesday and the days after are open.
 */
const NOW = new Date("2031-03-04T05:00:00Z");
const it = appTest({ clock: () => NOW });

let adminCookie: string;
const dish: Record<string, string> = {};

it.beforeAll(async ({ db }) => {
  const admin = await createUser(db, { roleId: 4 });
  adminCookie = await sessionCookieFor(db, admin.id, NOW);
  const menu = await createWeeklyMenu(db, { dateFrom: "2031-03-03" });
  for (const day of ["Dinsdag", "Woensdag", "Donderdag"] as const) {
    dish[day] = (
      await createFoodItem(db, {
        weeklyMenuId: menu.id,
        dayOfWeek: day,
        name: `Gereg ${day}`,
        price: "20.00",
      })
    ).id;
  }
  await declareAllergens(db, dish.Donderdag!, [{ code: "peanuts", level: "contains" }], { by: admin.id });
  await declareAllergens(db, dish.Dinsdag!, [], { by: admin.id });
  await declareAllergens(db, dish.Woensdag!, [], { by: admin.id });
});

/** A learner (role 1) with an academy number, a date of birth and R100 in the wallet. */
async function learner(db: Db, { dateOfBirth = "2017-05-20" } = {}) {
  const user = await createUser(db, { roleId: 1 });
  const akdNumber = `AKD${randomUUID().slice(0, 8)}`;
  await db.insert(clients).values({ userId: user.id, akdNumber, dateOfBirth });
  await db.transaction((tx) =>
    moveWalletMoney(tx, { userId: user.id, amount: "100.00", kind: "top_up", createdBy: user.id, at: NOW }),
  );
  return { ...user, akdNumber, cookie: await sessionCookieFor(db, user.id, NOW) };
}

async function guardian(db: Db) {
  const user = await createUser(db, { roleId: 5 });
  return { ...user, cookie: await sessionCookieFor(db, user.id, NOW) };
}

async function linkCode(app: App, learnerId: string): Promise<string> {
  const res = await request(app, "GET", `/api/customers/${learnerId}/link-code`, { cookie: adminCookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.linkCode;
}

const link = (app: App, cookie: string, body: Record<string, unknown>) =>
  request(app, "POST", "/api/my/learners", { cookie, body });

async function linked(app: App, db: Db) {
  const child = await learner(db);
  const parent = await guardian(db);
  const res = await link(app, parent.cookie, { linkCode: await linkCode(app, child.id) });
  expect(res.statusCode, res.body).toBe(201);
  return { child, parent };
}

const orderFor = (
  app: App,
  cookie: string,
  learnerId: string,
  foodItemId: string,
  deliveryDate = "2031-03-04",
) =>
  request(app, "POST", `/api/my/learners/${learnerId}/orders`, {
    cookie,
    body: { foodItemId, deliveryDate, quantity: 1 },
    headers: { "idempotency-key": randomUUID() },
  });

const setLimits = (app: App, cookie: string, learnerId: string, limits: Record<string, unknown>) =>
  request(app, "PUT", `/api/my/learners/${learnerId}/limits`, {
    cookie,
    body: { dailyLimit: null, weeklyLimit: null, blockedFoodItemIds: [], blockedAllergens: [], ...limits },
  });

async function changesOf(db: Db, learnerId: string) {
  return queryRows(
    db,
    sql`select change::text as change, guardian_id as "guardianId", changed_by as "changedBy"
        from guardian_link_changes where learner_id = ${learnerId} order by id`,
    z.object({ change: z.string(), guardianId: z.string(), changedBy: z.string().nullable() }),
  );
}

describe("linking a learner", () => {
  it("links by the school's code at once; the first guardian is primary, the next is not", async ({
    app,
    db,
  }) => {
    const child = await learner(db);
    const code = await linkCode(app, child.id);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // Asked again, the code stays; typed in lower case without the dash, it still links.
    expect(await linkCode(app, child.id)).toBe(code);
    const first = await guardian(db);
    const res = await link(app, first.cookie, { linkCode: code.toLowerCase().replace("-", " ") });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe("Die leerder is aan jou rekening gekoppel.");
    expect(res.json().data).toMatchObject({
      id: child.id,
      status: "active",
      primary: true,
      balance: "100.00",
    });

    const second = await guardian(db);
    expect((await link(app, second.cookie, { linkCode: code })).json().data.primary).toBe(false);
    expect((await link(app, second.cookie, { linkCode: code })).statusCode).toBe(409);

    const list = await request(app, "GET", "/api/my/learners", { cookie: first.cookie });
    expect((list.json().data as MyLearner[]).map((l) => [l.id, l.primary])).toEqual([[child.id, true]]);
    expect((await changesOf(db, child.id)).map((c) => c.change)).toEqual(["linked", "linked"]);
  });

  it("gives admins the letter for a learner's guardians: the code, the payment reference and the canteen's account", async ({
    app,
    db,
  }) => {
    const child = await learner(db);
    await db.update(clients).set({ grade: "8B" }).where(sql`${clients.userId} = ${child.id}`);
    const letter = await request(app, "GET", `/api/customers/${child.id}/link-letter`, {
      cookie: adminCookie,
    });
    expect(letter.statusCode, letter.body).toBe(200);
    expect(letter.json().data).toEqual({
      firstName: "Toets",
      lastName: "Gebruiker 1",
      grade: "8B",
      linkCode: await linkCode(app, child.id),
      paymentReference: expect.stringMatching(/^KAN/),
      bank: null,
    });
    const parent = await guardian(db);
    expect(
      (await request(app, "GET", `/api/customers/${child.id}/link-letter`, { cookie: parent.cookie }))
        .statusCode,
    ).toBe(403);
  });

  it("refuses an unknown or malformed code, a renewed code's old one, and a learner who would link another", async ({
    app,
    db,
  }) => {
    const child = await learner(db);
    const parent = await guardian(db);
    const old = await linkCode(app, child.id);
    const renewed = await request(app, "POST", `/api/customers/${child.id}/link-code`, {
      cookie: adminCookie,
      body: {},
    });
    expect(renewed.json().data.linkCode).not.toBe(old);
    expect((await link(app, parent.cookie, { linkCode: old })).statusCode).toBe(404);
    expect((await link(app, parent.cookie, { linkCode: "ABC" })).json().code).toBe("validation_failed");
    const other = await learner(db);
    expect((await link(app, other.cookie, { linkCode: renewed.json().data.linkCode })).statusCode).toBe(403);
    expect(await changesOf(db, child.id)).toEqual([]);
  });

  it("asks by academy number and date of birth: pending, shown without a name until the primary approves", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const asker = await guardian(db);
    const wrong = await link(app, asker.cookie, { akdNumber: child.akdNumber, dateOfBirth: "2017-05-21" });
    expect(wrong.statusCode).toBe(202);
    const right = await link(app, asker.cookie, {
      akdNumber: child.akdNumber.toLowerCase(),
      dateOfBirth: "2017-05-20",
    });
    expect(right.statusCode).toBe(202);
    // Both answer alike: a wrong pair tells nothing.
    expect(right.json()).toEqual(wrong.json());

    const [pending] = (await request(app, "GET", "/api/my/learners", { cookie: asker.cookie })).json()
      .data as MyLearner[];
    expect(pending).toMatchObject({
      status: "pending",
      firstName: "",
      balance: null,
      akdNumber: child.akdNumber,
    });
    expect(
      (await request(app, "GET", `/api/my/learners/${child.id}/wallet`, { cookie: asker.cookie })).statusCode,
    ).toBe(404);

    // The asker cannot approve themselves; the primary guardian can.
    const approve = (cookie: string) =>
      request(app, "POST", `/api/my/learners/${child.id}/guardians/${asker.id}/approve`, {
        cookie,
        body: {},
      });
    expect((await approve(asker.cookie)).statusCode).toBe(404);
    expect((await approve(parent.cookie)).statusCode).toBe(200);
    expect(
      (await request(app, "GET", `/api/my/learners/${child.id}/wallet`, { cookie: asker.cookie })).statusCode,
    ).toBe(200);
    expect((await changesOf(db, child.id)).map((c) => [c.change, c.changedBy])).toEqual([
      ["linked", parent.id],
      ["requested", asker.id],
      ["approved", parent.id],
    ]);
  });

  it("lets the primary remove another, and the next guardian become primary when the primary leaves", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const second = await guardian(db);
    await link(app, second.cookie, { linkCode: await linkCode(app, child.id) });
    const remove = (cookie: string, guardianId: string) =>
      request(app, "DELETE", `/api/my/learners/${child.id}/guardians/${guardianId}`, { cookie });
    // The second may not remove the primary, but may leave.
    expect((await remove(second.cookie, parent.id)).json().code).toBe("not_primary_guardian");
    expect((await remove(parent.cookie, parent.id)).statusCode).toBe(200);
    const guardians = await request(app, "GET", `/api/customers/${child.id}/guardians`, {
      cookie: adminCookie,
    });
    expect(guardians.json().data).toEqual([
      expect.objectContaining({ id: second.id, primary: true, status: "active" }),
    ]);
    expect(
      (await request(app, "GET", `/api/my/learners/${child.id}/menu`, { cookie: parent.cookie })).statusCode,
    ).toBe(404);
  });
});

describe("acting for a learner", () => {
  it("orders from the learner's wallet, as the learner would, recorded as the guardian's doing", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const res = await orderFor(app, parent.cookie, child.id, dish.Dinsdag!);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.balance).toBe("80.00");
    // Told of the learner's order and wallet, not of "jou" own.
    expect(res.json().message).toBe("Die bestelling is geplaas en uit die leerder se beursie betaal.");
    const [row] = await queryRows(
      db,
      sql`select o.user_id as "userId", t.created_by as "createdBy", s.changed_by as "changedBy"
          from orders o join wallet_transactions t on t.order_id = o.id
          join order_status_changes s on s.order_id = o.id where o.id = ${res.json().data.order.id}`,
      z.object({ userId: z.string(), createdBy: z.string(), changedBy: z.string() }),
    );
    expect(row).toEqual({ userId: child.id, createdBy: parent.id, changedBy: parent.id });
    // The learner sees it as their own; the guardian's own menu is not theirs to use.
    const mine = await request(app, "GET", "/api/my/orders?scope=upcoming", { cookie: child.cookie });
    expect(mine.json().data.map((o: { id: string }) => o.id)).toEqual([res.json().data.order.id]);
    expect((await request(app, "GET", "/api/my/menu", { cookie: parent.cookie })).statusCode).toBe(403);
    // The guardian cancels it too, before the cut-off, and the learner is refunded.
    const cancel = await request(
      app,
      "POST",
      `/api/my/learners/${child.id}/orders/${res.json().data.order.id}/cancel`,
      {
        cookie: parent.cookie,
        body: {},
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.balance).toBe("100.00");
    expect(cancel.json().message).toBe(
      "Die bestelling is gekanselleer en die geld is terug in die leerder se beursie.",
    );
    // Both see who cancelled it: a guardian, not the canteen and not the learner.
    expect(cancel.json().data.order.cancellation).toEqual({
      by: "guardian",
      reason: null,
      refunded: "20.00",
    });
    const seen = await request(app, "GET", "/api/my/orders?scope=upcoming", { cookie: child.cookie });
    expect(seen.json().data.map((o: { cancellation: unknown }) => o.cancellation)).toEqual([
      { by: "guardian", reason: null, refunded: "20.00" },
    ]);
  });

  it("never reaches another family's learner or their orders: 404 on every learner route, nothing changed", async ({
    app,
    db,
  }) => {
    const mine = await linked(app, db);
    const theirs = await linked(app, db);
    const order = await orderFor(app, theirs.parent.cookie, theirs.child.id, dish.Dinsdag!);
    const theirOrder = order.json().data.order.id as string;
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/my/learners/${theirs.child.id}/menu`],
      ["GET", `/api/my/learners/${theirs.child.id}/orders`],
      ["GET", `/api/my/learners/${theirs.child.id}/orders/${theirOrder}`],
      ["POST", `/api/my/learners/${theirs.child.id}/orders/${theirOrder}/cancel`, {}],
      ["GET", `/api/my/learners/${theirs.child.id}/wallet`],
      ["GET", `/api/my/learners/${theirs.child.id}/limits`],
      [
        "PUT",
        `/api/my/learners/${theirs.child.id}/limits`,
        { dailyLimit: "1", weeklyLimit: null, blockedFoodItemIds: [], blockedAllergens: [] },
      ],
      ["GET", `/api/my/learners/${theirs.child.id}/guardians`],
      ["DELETE", `/api/my/learners/${theirs.child.id}/guardians/${theirs.parent.id}`],
      // Their order under my own learner's path is not found either.
      ["GET", `/api/my/learners/${mine.child.id}/orders/${theirOrder}`],
      ["POST", `/api/my/learners/${mine.child.id}/orders/${theirOrder}/cancel`, {}],
      ["GET", "/api/my/learners/not-a-uuid/menu"],
    ];
    for (const [method, url, body] of calls) {
      const res = await request(app, method as "GET", url, { cookie: mine.parent.cookie, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const placed = await orderFor(app, mine.parent.cookie, theirs.child.id, dish.Woensdag!);
    expect(placed.statusCode).toBe(404);
    const [state] = await queryRows(
      db,
      sql`select (select balance::text from wallets where user_id = ${theirs.child.id}) as balance,
                 (select status::text from orders where id = ${theirOrder}) as status,
                 (select count(*)::int from learner_limits where learner_id = ${theirs.child.id}) as limits`,
      z.object({ balance: z.string(), status: z.string(), limits: z.number() }),
    );
    expect(state).toEqual({ balance: "80.00", status: "paid", limits: 0 });
  });
});

describe("limits", () => {
  it("refuse an order over the day's or the week's limit, saying what is left", async ({ app, db }) => {
    const { child, parent } = await linked(app, db);
    const saved = await setLimits(app, parent.cookie, child.id, { dailyLimit: "30", weeklyLimit: "50,00" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ dailyLimit: "30.00", weeklyLimit: "50.00" });
    expect((await orderFor(app, parent.cookie, child.id, dish.Dinsdag!)).statusCode).toBe(201);
    const over = await orderFor(app, parent.cookie, child.id, dish.Dinsdag!);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: "limit_reached", details: { left: "10.00", limit: "daily" } });
    expect(over.json().message).toContain(formatRand("10.00"));
    // The learner ordering for themselves is held to the same limits.
    expect((await orderFor(app, parent.cookie, child.id, dish.Woensdag!, "2031-03-05")).statusCode).toBe(201);
    const own = await request(app, "POST", "/api/my/orders", {
      cookie: child.cookie,
      body: { foodItemId: dish.Donderdag!, deliveryDate: "2031-03-06", quantity: 1 },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(own.json()).toMatchObject({ code: "limit_reached", details: { left: "10.00", limit: "weekly" } });
    // The learner sees what their guardian set, and what is left of it today and this week.
    const wallet = (await request(app, "GET", "/api/my/wallet", { cookie: child.cookie })).json().data;
    expect(wallet.balance).toBe("60.00");
    expect(wallet.limits).toEqual({
      dailyLimit: "30.00",
      weeklyLimit: "50.00",
      leftToday: "10.00",
      leftThisWeek: "10.00",
      blockedAllergens: [],
      blockedDishes: [],
    });
  });

  it("refuse a blocked dish, a dish with a blocked allergen, and an unchecked dish while allergens are blocked", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    await setLimits(app, parent.cookie, child.id, {
      blockedFoodItemIds: [dish.Dinsdag],
      blockedAllergens: ["peanuts"],
    });
    expect((await orderFor(app, parent.cookie, child.id, dish.Dinsdag!)).json().code).toBe("item_blocked");
    expect((await orderFor(app, parent.cookie, child.id, dish.Donderdag!, "2031-03-06")).json().code).toBe(
      "item_blocked",
    );
    const unchecked = await createFoodItem(db, {
      weeklyMenuId: (await createWeeklyMenu(db, { dateFrom: "2031-03-10" })).id,
    });
    expect((await orderFor(app, parent.cookie, child.id, unchecked.id, "2031-03-10")).json().code).toBe(
      "item_blocked",
    );
    expect((await orderFor(app, parent.cookie, child.id, dish.Woensdag!, "2031-03-05")).statusCode).toBe(201);
  });

  it("hold under orders from two devices at once: never more than the day's limit", async ({ app, db }) => {
    const { child, parent } = await linked(app, db);
    await setLimits(app, parent.cookie, child.id, { dailyLimit: "20" });
    const both = await Promise.all([
      orderFor(app, parent.cookie, child.id, dish.Dinsdag!),
      request(app, "POST", "/api/my/orders", {
        cookie: child.cookie,
        body: { foodItemId: dish.Dinsdag!, deliveryDate: "2031-03-04", quantity: 1 },
        headers: { "idempotency-key": randomUUID() },
      }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const [spent] = await queryRows(
      db,
      sql`select coalesce(sum(food_item_price * food_item_quantity), 0)::text as spent from orders
          where user_id = ${child.id} and status <> 'cancelled'`,
      z.object({ spent: z.string() }),
    );
    expect(Number(spent?.spent)).toBe(20);
  });

  it("refuse amounts that are no rand and ids that are no dish, and change nothing", async ({ app, db }) => {
    const { child, parent } = await linked(app, db);
    for (const body of [
      { dailyLimit: "-5" },
      { dailyLimit: "abc" },
      { blockedFoodItemIds: ["nope"] },
      { blockedAllergens: ["gluten; drop table"] },
    ]) {
      expect((await setLimits(app, parent.cookie, child.id, body)).statusCode).toBe(400);
    }
    const limits = await request(app, "GET", `/api/my/learners/${child.id}/limits`, {
      cookie: parent.cookie,
    });
    expect(limits.json().data).toEqual({
      dailyLimit: null,
      weeklyLimit: null,
      blockedFoodItemIds: [],
      blockedAllergens: [],
    });
  });
});

describe("consent to a child's allergies", () => {
  const details = {
    firstName: "Sanet",
    lastName: "Student",
    phoneNumber: null,
    language: "af",
    theme: "light",
  };
  const PEANUTS = [{ code: "peanuts", severity: "severe" }];
  const ownSave = (app: App, cookie: string, body: object) =>
    request(app, "PUT", "/api/my/profile", { cookie, body: { ...details, ...body } });
  const guardianSave = (app: App, cookie: string, learnerId: string, body: object) =>
    request(app, "PUT", `/api/my/learners/${learnerId}/allergies`, { cookie, body });

  it("keeps a child's own record, flagged, until a guardian links; then the guardian keeps it", async ({
    app,
    db,
  }) => {
    const child = await learner(db);
    // No guardian yet: the child's own record stands (the kitchen sees it), waiting for a guardian's consent.
    const own = await ownSave(app, child.cookie, { allergies: PEANUTS, allergyConsent: true });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ guardianConsent: "needed", managedByGuardian: false });

    const parent = await guardian(db);
    await link(app, parent.cookie, { linkCode: await linkCode(app, child.id) });
    const [listed] = (await request(app, "GET", "/api/my/learners", { cookie: parent.cookie })).json().data;
    expect(listed.allergyConsent).toBe("needed");
    // The guardian is asked by mail too, with the way to the family page.
    const [asked] = await queryRows(
      db,
      sql`select subject, text_body as text from email_outbox where to_address = ${parent.email}`,
      z.object({ subject: z.string(), text: z.string() }),
    );
    expect(asked?.subject).toBe("Sanet se allergieë wag vir jou toestemming");
    expect(asked?.text).toContain("/my/learners");
    // The child may no longer change them; their name and theme they may.
    const refused = await ownSave(app, child.cookie, { allergies: [], allergyConsent: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("guardian_consent_required");
    expect((await ownSave(app, child.cookie, { firstName: "Sannie" })).statusCode).toBe(200);
    const profile = (await request(app, "GET", "/api/my/profile", { cookie: child.cookie })).json().data;
    expect(profile).toMatchObject({ allergies: PEANUTS, managedByGuardian: true, guardianConsent: "needed" });

    // The guardian consents as the competent person.
    const given = await guardianSave(app, parent.cookie, child.id, {
      allergies: [...PEANUTS, { code: "milk", severity: "intolerance" }],
      allergyConsent: true,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data.allergyConsent).toBe("given");
    const [row] = await queryRows(
      db,
      sql`select allergy_consent_guardian_id as "guardianId" from dietary_profiles where user_id = ${child.id}`,
      z.object({ guardianId: z.string().nullable() }),
    );
    expect(row?.guardianId).toBe(parent.id);
    // The kitchen and the menu see them: Thursday's dish warns of the peanuts.
    const menu = (
      await request(app, "GET", `/api/my/learners/${child.id}/menu?week=2031-03-03`, {
        cookie: parent.cookie,
      })
    ).json().data;
    expect(
      menu.days.some(
        (day: { item: { allergenWarnings: unknown[] } | null }) =>
          (day.item?.allergenWarnings.length ?? 0) > 0,
      ),
    ).toBe(true);
  });

  it("lets an adult learner keep their own, and refuses a guardian's allergies without consent", async ({
    app,
    db,
  }) => {
    const adult = await learner(db, { dateOfBirth: "2001-01-15" });
    const parent = await guardian(db);
    await link(app, parent.cookie, { linkCode: await linkCode(app, adult.id) });
    const own = await ownSave(app, adult.cookie, { allergies: PEANUTS, allergyConsent: true });
    expect(own.json().data).toMatchObject({ guardianConsent: "given", managedByGuardian: false });

    const child = await learner(db);
    const other = await guardian(db);
    await link(app, other.cookie, { linkCode: await linkCode(app, child.id) });
    const without = await guardianSave(app, other.cookie, child.id, {
      allergies: PEANUTS,
      allergyConsent: false,
    });
    expect(without.json().code).toBe("consent_required");
    expect(
      (await request(app, "GET", `/api/my/learners/${child.id}/allergies`, { cookie: other.cookie })).json()
        .data,
    ).toEqual({
      allergies: [],
      diet: [],
      allergyConsent: "none",
    });
  });
});

describe("POST /api/my/transfers", () => {
  const transfer = (app: App, cookie: string, body: object, key: string | null = randomUUID()) =>
    request(app, "POST", "/api/my/transfers", {
      cookie,
      body,
      headers: key === null ? {} : { "idempotency-key": key },
    });
  const balanceOf = async (db: Db, userId: string) =>
    (
      await queryRows(
        db,
        sql`select balance::text as balance from wallets where user_id = ${userId}`,
        z.object({ balance: z.string() }),
      )
    )[0]?.balance;

  it("moves money between a guardian's learners once, as two ledger rows the guardian paid", async ({
    app,
    db,
  }) => {
    const { child: first, parent } = await linked(app, db);
    const second = await learner(db);
    await link(app, parent.cookie, { linkCode: await linkCode(app, second.id) });
    const key = randomUUID();
    const body = { fromLearnerId: first.id, toLearnerId: second.id, amount: "30,50" };
    const moved = await transfer(app, parent.cookie, body, key);
    expect(moved.statusCode, moved.body).toBe(201);
    expect(moved.json().data).toEqual({ fromBalance: "69.50", toBalance: "130.50" });
    expect(moved.json().message).toContain("na Toets");
    // A retry with the same key answers the same and moves nothing more.
    expect((await transfer(app, parent.cookie, body, key)).json()).toEqual(moved.json());
    const rows = await queryRows(
      db,
      sql`select user_id as "userId", amount::text as amount, paid_by as "paidBy" from wallet_transactions
          where kind = 'transfer' and user_id in (${first.id}, ${second.id}) order by amount`,
      z.object({ userId: z.string(), amount: z.string(), paidBy: z.string().nullable() }),
    );
    expect(rows).toEqual([
      { userId: first.id, amount: "-30.50", paidBy: parent.id },
      { userId: second.id, amount: "30.50", paidBy: parent.id },
    ]);
  });

  it("refuses too much, another family's learner, the same learner twice and a missing key, moving nothing", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const other = await linked(app, db);
    const mine = await learner(db);
    await link(app, parent.cookie, { linkCode: await linkCode(app, mine.id) });
    const tooMuch = await transfer(app, parent.cookie, {
      fromLearnerId: child.id,
      toLearnerId: mine.id,
      amount: "100.01",
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe("transfer_insufficient_balance");
    expect(
      (
        await transfer(app, parent.cookie, {
          fromLearnerId: child.id,
          toLearnerId: other.child.id,
          amount: "5",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await transfer(app, parent.cookie, {
          fromLearnerId: other.child.id,
          toLearnerId: child.id,
          amount: "5",
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await transfer(app, parent.cookie, { fromLearnerId: child.id, toLearnerId: child.id, amount: "5" })
      ).json().code,
    ).toBe("transfer_same_learner");
    expect(
      (
        await transfer(
          app,
          parent.cookie,
          { fromLearnerId: child.id, toLearnerId: mine.id, amount: "5" },
          null,
        )
      ).statusCode,
    ).toBe(400);
    for (const id of [child.id, mine.id, other.child.id]) expect(await balanceOf(db, id)).toBe("100.00");
  });
});

describe("the back office's guardians", () => {
  it("lists each guardian with their learners, found by either side, and each learner with their guardians", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const [row] = await queryRows(
      db,
      sql`select u.email, c.akd_number as "akdNumber" from users u join clients c on c.user_id = u.id where u.id = ${child.id}`,
      z.object({ email: z.string(), akdNumber: z.string() }),
    );
    const guardians = (q: string) =>
      request(app, "GET", `/api/guardians?q=${encodeURIComponent(q)}`, { cookie: adminCookie });
    for (const q of [parent.email, row!.akdNumber]) {
      const found = await guardians(q);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data, q).toEqual([
        expect.objectContaining({
          id: parent.id,
          signedUp: true,
          learners: [expect.objectContaining({ id: child.id, status: "active", primary: true })],
        }),
      ]);
      expect(found.json().total).toBe(1);
    }
    // A learner is found by their guardian's address on /users, and names their guardians there.
    const customers = await request(app, "GET", `/api/customers?q=${encodeURIComponent(parent.email)}`, {
      cookie: adminCookie,
    });
    expect(customers.json().data).toEqual([
      expect.objectContaining({ id: child.id, guardians: [{ id: parent.id, name: "Toets Gebruiker 5" }] }),
    ]);
    // Removing the guardian ends the link on the record; a learner's id is no guardian's.
    expect(
      (await request(app, "DELETE", `/api/guardians/${child.id}`, { cookie: adminCookie })).statusCode,
    ).toBe(404);
    const removed = await request(app, "DELETE", `/api/guardians/${parent.id}`, { cookie: adminCookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await changesOf(db, child.id)).at(-1)).toMatchObject({
      change: "removed",
      guardianId: parent.id,
    });
    expect((await guardians(parent.email)).json().total).toBe(0);
    expect((await request(app, "GET", "/api/guardians", { cookie: parent.cookie })).statusCode).toBe(401);
  });
});

describe("POST /api/customers/:id/leave", () => {
  const leave = (app: App, learnerId: string, body: object) =>
    request(app, "POST", `/api/customers/${learnerId}/leave`, { cookie: adminCookie, body });
  const options = (app: App, learnerId: string) =>
    request(app, "GET", `/api/customers/${learnerId}/leave`, { cookie: adminCookie });
  const walletOf = async (db: Db, userId: string) =>
    (
      await queryRows(
        db,
        sql`select balance::text as balance from wallets where user_id = ${userId}`,
        z.object({ balance: z.string() }),
      )
    )[0]?.balance;

  it("moves the balance to a sibling under the same guardian, ends the links and keeps the history", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const sibling = await learner(db);
    await link(app, parent.cookie, { linkCode: await linkCode(app, sibling.id) });
    const offered = await options(app, child.id);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data).toMatchObject({
      balance: "100.00",
      siblings: [{ id: sibling.id }],
      payees: [{ id: parent.id, guardian: true }],
    });
    const left = await leave(app, child.id, { toLearnerId: sibling.id });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ data: { moved: "100.00", to: "sibling" } });
    expect(left.json().message).toContain("na Toets");
    expect(await walletOf(db, child.id)).toBe("0.00");
    expect(await walletOf(db, sibling.id)).toBe("200.00");
    // The links end on the record; the guardian no longer reaches the learner; the ledger stays.
    expect((await changesOf(db, child.id)).at(-1)).toEqual({
      change: "removed",
      guardianId: parent.id,
      changedBy: expect.any(String),
    });
    expect(
      (await request(app, "GET", `/api/my/learners/${child.id}/wallet`, { cookie: parent.cookie }))
        .statusCode,
    ).toBe(404);
    const ledger = await queryRows(
      db,
      sql`select kind::text as kind, amount::text as amount from wallet_transactions
          where user_id = ${child.id} order by id`,
      z.object({ kind: z.string(), amount: z.string() }),
    );
    expect(ledger).toEqual([
      { kind: "top_up", amount: "100.00" },
      { kind: "transfer", amount: "-100.00" },
    ]);
    // The learner's account is anonymised: it no longer signs in or shows on /users.
    expect((await request(app, "GET", "/api/my/wallet", { cookie: child.cookie })).statusCode).toBe(401);
    expect((await options(app, child.id)).statusCode).toBe(404);
  });

  it("records a payout to the guardian who paid last, with the bank reference, and the day's proof still balances", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const second = await guardian(db);
    await link(app, second.cookie, { linkCode: await linkCode(app, child.id) });
    await db.transaction((tx) =>
      moveWalletMoney(tx, {
        userId: child.id,
        amount: "25.00",
        kind: "eft",
        createdBy: null,
        paidBy: second.id,
        at: new Date(NOW.getTime() + 60_000),
      }),
    );
    const offered = (await options(app, child.id)).json().data;
    expect(offered.payees.map((payee: { id: string }) => payee.id)).toEqual([second.id, parent.id]);
    const left = await leave(app, child.id, { refundToGuardianId: second.id, bankReference: " FNB 12345 " });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data).toEqual({ moved: "125.00", to: "payout" });
    const [payout] = await queryRows(
      db,
      sql`select amount::text as amount, reason, paid_by as "paidBy" from wallet_transactions
          where user_id = ${child.id} and kind = 'payout'`,
      z.object({ amount: z.string(), reason: z.string().nullable(), paidBy: z.string().nullable() }),
    );
    expect(payout).toEqual({ amount: "-125.00", reason: "FNB 12345", paidBy: second.id });
    const report = await request(app, "GET", "/api/reports/day?date=2031-03-04", { cookie: adminCookie });
    expect(report.json().data.walletProof).toMatchObject({
      payouts: "125.00",
      balanced: true,
      difference: "0.00",
    });
  });

  it("splits a day's money in by who paid: a guardian, or by whose wallet it went into", async ({
    app,
    db,
  }) => {
    // Sunday 2 March: no other test moves money on it.
    const sunday = new Date("2031-03-02T08:00:00Z");
    const { child, parent } = await linked(app, db);
    const teacher = await createUser(db, { roleId: 2 });
    const credit = (userId: string, amount: string, kind: "eft" | "cash", paidBy: string | null) =>
      db.transaction((tx) =>
        moveWalletMoney(tx, { userId, amount, kind, createdBy: null, paidBy, at: sunday }),
      );
    const byParent = await credit(child.id, "30.00", "eft", parent.id);
    await credit(child.id, "12.50", "cash", null);
    await credit(teacher.id, "20.00", "cash", teacher.id);
    // A reversal counts with the payment it undoes.
    await db.transaction((tx) =>
      moveWalletMoney(tx, {
        userId: child.id,
        amount: "-30.00",
        kind: "reversal",
        reversesId: Number(byParent!.id),
        createdBy: null,
        at: sunday,
      }),
    );
    await credit(child.id, "25.00", "eft", parent.id);
    const report = await request(app, "GET", "/api/reports/day?date=2031-03-02", { cookie: adminCookie });
    expect(report.json().data.moneyInByPayer).toEqual({
      guardian: { amount: "25.00", count: 2 },
      learner: { amount: "12.50", count: 1 },
      staff: { amount: "20.00", count: 1 },
    });
    expect(report.json().data.walletProof.balanced).toBe(true);
  });

  it("refuses a balance with nowhere to go, a stranger's learner and an unknown payee, changing nothing", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const stranger = await learner(db);
    const refusals: [object, number, string][] = [
      [{}, 409, "leave_balance_needs_a_home"],
      [{ toLearnerId: stranger.id }, 409, "leave_not_a_sibling"],
      [{ toLearnerId: child.id }, 409, "leave_not_a_sibling"],
      [{ refundToGuardianId: stranger.id, bankReference: "X1" }, 409, "leave_not_a_payee"],
      // The learner has a guardian, who is the one to pay back.
      [{ refundToLearner: true, bankReference: "X1" }, 409, "leave_not_a_payee"],
      [{ refundToGuardianId: parent.id, bankReference: "  " }, 400, "validation_failed"],
      [{ refundToGuardianId: parent.id }, 400, "validation_failed"],
      [{ toLearnerId: "not-an-id" }, 400, "validation_failed"],
    ];
    for (const [body, status, code] of refusals) {
      const res = await leave(app, child.id, body);
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await leave(app, child.id, {})).json().message).toContain(formatRand("100.00"));
    expect(await walletOf(db, child.id)).toBe("100.00");
    expect((await options(app, child.id)).json().data.payees).toHaveLength(1);
    // A guardian is no customer who leaves, and a learner's guardian may not do it.
    expect((await leave(app, parent.id, {})).statusCode).toBe(404);
    const asParent = await request(app, "POST", `/api/customers/${child.id}/leave`, {
      cookie: parent.cookie,
      body: {},
    });
    expect(asParent.statusCode).toBe(403);
  });

  it("pays a learner who pays for themselves back to themselves, and lets an empty wallet leave with nothing", async ({
    app,
    db,
  }) => {
    const alone = await learner(db, { dateOfBirth: "2001-01-01" });
    expect((await options(app, alone.id)).json().data.payees).toEqual([
      expect.objectContaining({ id: alone.id, guardian: false }),
    ]);
    const left = await leave(app, alone.id, { refundToLearner: true, bankReference: "ABSA 9" });
    expect(left.json()).toMatchObject({ data: { moved: "100.00", to: "payout" } });
    const empty = await createUser(db, { roleId: 1 });
    const gone = await leave(app, empty.id, {});
    expect(gone.json()).toMatchObject({ data: { moved: "0.00", to: "nowhere" } });
    expect(await walletOf(db, empty.id)).toBeUndefined();
  });
});

describe("a guardian paying at the counter", () => {
  it("records the guardian as the payer of a top-up, and refuses a payer who is not the learner's guardian", async ({
    app,
    db,
  }) => {
    const { child, parent } = await linked(app, db);
    const topUp = (body: object) =>
      request(app, "POST", `/api/customers/${child.id}/top-ups`, {
        cookie: adminCookie,
        body,
        headers: { "idempotency-key": randomUUID() },
      });
    const paid = await topUp({ amount: "40.00", method: "cash", paidBy: parent.id });
    expect(paid.statusCode, paid.body).toBe(201);
    const stranger = await guardian(db);
    const refused = await topUp({ amount: "40.00", method: "cash", paidBy: stranger.id });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "payer_not_a_guardian"]);
    expect((await topUp({ amount: "1.00", method: "cash", paidBy: "nie-'n-id" })).statusCode).toBe(400);
    const rows = await queryRows(
      db,
      sql`select amount::text as amount, paid_by as "paidBy" from wallet_transactions
          where user_id = ${child.id} and kind = 'cash' order by id`,
      z.object({ amount: z.string(), paidBy: z.string().nullable() }),
    );
    expect(rows).toEqual([{ amount: "40.00", paidBy: parent.id }]);
    // The learner's detail names the guardians who may pay.
    const detail = (await request(app, "GET", `/api/customers/${child.id}`, { cookie: adminCookie })).json()
      .data;
    expect(detail.guardians).toEqual([{ id: parent.id, name: "Toets Gebruiker 5" }]);
  });
});

describe("mails about a learner's money", () => {
  const mailsTo = (db: Db, address: string) =>
    queryRows(
      db,
      sql`select subject, text_body as text from email_outbox where to_address = ${address} order by id`,
      z.object({ subject: z.string(), text: z.string() }),
    );

  it("go to the learner's guardians too: money arrived, and a balance run low", async ({ app, db }) => {
    const { child, parent } = await linked(app, db);
    const topUp = await request(app, "POST", `/api/customers/${child.id}/top-ups`, {
      cookie: adminCookie,
      body: { amount: "50.00", method: "cash" },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    // The learner's R150 brought to R10 above the canteen's low-balance line: a R20 order crosses it.
    await request(app, "PUT", `/api/my/learners/${child.id}/limits`, {
      cookie: parent.cookie,
      body: { dailyLimit: null, weeklyLimit: null, blockedFoodItemIds: [], blockedAllergens: [] },
    });
    const { lowBalanceThreshold } = (
      await request(app, "GET", "/api/canteen-settings", { cookie: adminCookie })
    ).json().data;
    const spend = (150 - Number(lowBalanceThreshold) - 10).toFixed(2);
    await db.transaction((tx) =>
      moveWalletMoney(tx, {
        userId: child.id,
        amount: `-${spend}`,
        kind: "order",
        createdBy: child.id,
        at: NOW,
      }),
    );
    expect((await orderFor(app, parent.cookie, child.id, dish.Dinsdag!)).statusCode).toBe(201);
    const mails = await mailsTo(db, parent.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${formatRand("50.00")} is by Toets se Kantien-beursie gevoeg`,
      "Toets se Kantien-beursie raak leeg",
    ]);
    expect(mails[0]?.text).toContain(
      `Ons het ${formatRand("50.00")} by Toets se beursie gevoeg (kontant by die toonbank).`,
    );
  });
});

describe("a guardian's sign-up", () => {
  it("makes a role-5 account without an academy record, which signs in to the ordering app once verified", async ({
    app,
    db,
  }) => {
    const email = `ouer-${randomUUID().slice(0, 8)}@toets.example`;
    const signup = await request(app, "POST", "/api/auth/signup", {
      body: {
        first_name: "Thandi",
        last_name: "Mokoena",
        email,
        role_id: 5,
        password: "ouer-wagwoord-1",
        akd_number: "AKD-NIE",
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const [account] = await queryRows(
      db,
      sql`select u.role_id as "roleId", exists (select 1 from clients c where c.user_id = u.id) as "hasRecord"
          from users u where lower(u.email) = lower(${email})`,
      z.object({ roleId: z.number(), hasRecord: z.boolean() }),
    );
    expect(account).toEqual({ roleId: 5, hasRecord: false });
    await db.execute(sql`update users set email_verified_at = now() where lower(email) = lower(${email})`);
    const login = await request(app, "POST", "/api/my/auth/login", {
      body: { email, password: "ouer-wagwoord-1" },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.role_id).toBe(5);
  });
});
