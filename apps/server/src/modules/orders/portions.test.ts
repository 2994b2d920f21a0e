import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { foodItems } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createFoodItem, createUser, createWeeklyMenu, sessionCookieFor, signIn } from "../../test/fixtures";
import { request } from "../../test/request";
import { moveWalletMoney } from "../wallets/ledger";

/*
 * A dish's portions (docs/decisions/0069-portions-that-never-oversell.md). The canteen's clock
 * stands on Tuesday 4 March 2031, 07:00 in Johannesburg: Wednesday's dish is open to order.
 */
const NOW = new Date("2031-03-04T05:00:00Z");
const WEDNESDAY = "2031-03-05";
const it = appTest({ clock: () => NOW });

let asAdmin: string;
let menuId: string;
let nextMenuId: string;
it.beforeAll(async ({ app, db }) => {
  asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
  menuId = (await createWeeklyMenu(db, { dateFrom: "2031-03-03" })).id;
  nextMenuId = (await createWeeklyMenu(db, { dateFrom: "2031-03-10" })).id;
});

/** A dish of this week's (or the next week's) menu with `portions` made, nothing ordered yet. */
async function dish(
  db: Db,
  portions: number | null,
  day: "Woensdag" | "Donderdag" | "Vrydag",
  menu: "this" | "next" = "this",
) {
  const item = await createFoodItem(db, {
    weeklyMenuId: menu === "this" ? menuId : nextMenuId,
    dayOfWeek: day,
    price: "10.00",
  });
  await db.update(foodItems).set({ portions }).where(eq(foodItems.id, item.id));
  return item;
}

/** A learner with R100 and a session in the ordering app. */
async function customer(db: Db) {
  const user = await createUser(db, { roleId: 1 });
  await db.transaction((tx) =>
    moveWalletMoney(tx, { userId: user.id, amount: "100.00", kind: "top_up", createdBy: user.id, at: NOW }),
  );
  return { ...user, cookie: await sessionCookieFor(db, user.id, NOW) };
}

const order = (app: App, cookie: string, foodItemId: string, quantity = 1, deliveryDate = WEDNESDAY) =>
  request(app, "POST", "/api/my/orders", {
    cookie,
    body: { foodItemId, deliveryDate, quantity },
    headers: { "idempotency-key": randomUUID() },
  });

const taken = async (db: Db, foodItemId: string) =>
  (
    await queryRows(
      db,
      sql`select coalesce(sum(food_item_quantity), 0)::int as taken from orders
          where food_item_id = ${foodItemId} and status not in ('cancelled', 'failed')`,
      z.object({ taken: z.number() }),
    )
  )[0]!.taken;

const portionsLeft = async (app: App, cookie: string, foodItemId: string) => {
  const menu = (await request(app, "GET", "/api/my/menu?week=2031-03-03", { cookie })).json().data;
  return menu.days.find((day: { item: { id: string } | null }) => day.item?.id === foodItemId)?.item
    .portionsLeft;
};

describe("a dish's portions", () => {
  it("never oversell: 50 customers ordering the last 10 portions at once get 10 orders and 40 refusals", async ({
    app,
    db,
  }) => {
    const item = await dish(db, 12, "Woensdag");
    const first = await customer(db);
    expect((await order(app, first.cookie, item.id, 2)).statusCode).toBe(201);
    const customers = await Promise.all(Array.from({ length: 50 }, () => customer(db)));
    const answers = await Promise.all(customers.map((c) => order(app, c.cookie, item.id)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: "sold_out", details: { left: 0 } });
    }
    expect(await taken(db, item.id)).toBe(12);
    // Nobody refused paid for anything: their wallets are as they were.
    const [wallets] = await queryRows(
      db,
      sql`select count(*) filter (where balance = 100)::int as untouched from wallets
          where user_id in ${customers.map((c) => c.id)}`,
      z.object({ untouched: z.number() }),
    );
    expect(wallets?.untouched).toBe(40);
    expect(await portionsLeft(app, first.cookie, item.id)).toBe(0);
    // The kitchen's board says how many were made and that none is left.
    const board = await request(app, "GET", `/api/kitchen/orders?date=${WEDNESDAY}`, { cookie: asAdmin });
    expect(board.json().data.caps).toEqual([
      { foodItemId: item.id, itemName: expect.any(String), portions: 12, left: 0 },
    ]);
  });

  it("say how many are left, refuse more than that, and come back when an order is cancelled", async ({
    app,
    db,
  }) => {
    const item = await dish(db, 3, "Donderdag");
    const learner = await customer(db);
    expect(await portionsLeft(app, learner.cookie, item.id)).toBe(3);
    const two = await order(app, learner.cookie, item.id, 2, "2031-03-06");
    expect(two.statusCode, two.body).toBe(201);
    const tooMany = await order(app, learner.cookie, item.id, 2, "2031-03-06");
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: "sold_out", details: { left: 1 } });
    expect(tooMany.json().message).toBe("Daar is nie genoeg porsies oor nie: nog 1. Niks is afgetrek nie.");
    const cancelled = await request(app, "POST", `/api/my/orders/${two.json().data.order.id}/cancel`, {
      cookie: learner.cookie,
      body: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await portionsLeft(app, learner.cookie, item.id)).toBe(3);
    // A dish without a cap says so.
    const free = await dish(db, null, "Vrydag");
    expect(await portionsLeft(app, learner.cookie, free.id)).toBeNull();
  });

  it("cannot be set below what is ordered already, through either door", async ({ app, db }) => {
    const item = await dish(db, 5, "Woensdag", "next");
    const learner = await customer(db);
    expect((await order(app, learner.cookie, item.id, 3, "2031-03-12")).statusCode).toBe(201);
    const viaData = await request(app, "PUT", `/api/admin/data/food_item/${item.id}`, {
      cookie: asAdmin,
      body: { portions: 2 },
    });
    expect(viaData.statusCode).toBe(409);
    expect(viaData.json()).toMatchObject({ code: "portions_below_ordered", details: { ordered: 3 } });
    const enough = await request(app, "PUT", `/api/admin/data/food_item/${item.id}`, {
      cookie: asAdmin,
      body: { portions: 3 },
    });
    expect(enough.statusCode, enough.body).toBe(200);
    expect(enough.json().data.portions).toBe(3);
    const bad = await request(app, "PUT", `/api/admin/data/food_item/${item.id}`, {
      cookie: asAdmin,
      body: { portions: -1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
