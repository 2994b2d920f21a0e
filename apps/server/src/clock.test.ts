import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import type { App } from "./app";
import type { Db } from "./db/client";
import { moveWalletMoney } from "./modules/wallets/ledger";
import { appTest } from "./test/app-test";
import {
  createFoodItem,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
  type TestUser,
} from "./test/fixtures";
import { request } from "./test/request";

/*
 * Every rule about the canteen's day and time reads the config's clock, never the machine's
 * (docs/decisions/0027-one-clock.md): set to a Tuesday morning or a Saturday night, the
 * server answers as it would then, whatever day the tests run on.
 */
const TUESDAY_MORNING = new Date("2031-03-04T08:00:00Z"); // 10:00 in Johannesburg
const SATURDAY_NIGHT = new Date("2031-03-08T21:30:00Z"); // 23:30 on Saturday 8 March
let now = TUESDAY_MORNING;

const it = appTest({ clock: () => now });
let admin: TestUser;
let asAdmin: string;
const dish: Record<string, { id: string }> = {};

it.beforeAll(async ({ app, db }) => {
  admin = await createUser(db, { roleId: 4 });
  asAdmin = await signIn(app, admin);
  for (const dateFrom of ["2031-03-03", "2031-03-10"]) {
    const menu = await createWeeklyMenu(db, { dateFrom });
    for (const day of ["Maandag", "Dinsdag", "Woensdag", "Vrydag"] as const) {
      dish[`${dateFrom} ${day}`] = await createFoodItem(db, { weeklyMenuId: menu.id, dayOfWeek: day });
    }
  }
});

/** Runs `check` with the canteen's clock at `at`, and puts it back. */
async function at<T>(moment: Date, check: () => Promise<T>): Promise<T> {
  now = moment;
  try {
    return await check();
  } finally {
    now = TUESDAY_MORNING;
  }
}

async function customer(db: Db) {
  const user = await createUser(db, { roleId: 1 });
  await db.transaction((tx) =>
    moveWalletMoney(tx, { userId: user.id, amount: "500.00", kind: "top_up", createdBy: admin.id, at: now }),
  );
  return user;
}

const myOrder = (app: App, cookie: string, foodItemId: string, deliveryDate: string) =>
  request(app, "POST", "/api/my/orders", {
    cookie,
    body: { foodItemId, deliveryDate, quantity: 1 },
    headers: { "idempotency-key": randomUUID() },
  });

const adminOrder = (app: App, customerId: string, foodItemId: string, deliveryDate: string) =>
  request(app, "POST", "/api/orders", {
    cookie: asAdmin,
    body: { customerId, foodItemId, deliveryDate, quantity: 1 },
    headers: { "idempotency-key": randomUUID() },
  });

const answer = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

describe("the canteen's clock", () => {
  it("closes a day for customers at its cut-off by the clock, on a weekday and on a weekend", async ({
    app,
    db,
  }) => {
    const me = await customer(db);
    const wednesday = dish["2031-03-03 Woensdag"]!.id;
    // Tuesday 10:00: Wednesday is open until 09:00 on Wednesday.
    const cookie = await sessionCookieFor(db, me.id, TUESDAY_MORNING);
    expect(answer(await myOrder(app, cookie, wednesday, "2031-03-05"))).toEqual([201, undefined]);
    // Tuesday closed at 09:00, an hour ago; Monday has passed.
    const tuesday = dish["2031-03-03 Dinsdag"]!.id;
    expect(answer(await myOrder(app, cookie, tuesday, "2031-03-04"))).toEqual([409, "ordering_closed"]);
    const monday = dish["2031-03-03 Maandag"]!.id;
    expect(answer(await myOrder(app, cookie, monday, "2031-03-03"))).toEqual([400, "order_delivery_past"]);
    // An hour earlier, Tuesday was open.
    await at(new Date("2031-03-04T06:59:00Z"), async () => {
      expect(answer(await myOrder(app, cookie, tuesday, "2031-03-04"))).toEqual([201, undefined]);
    });

    await at(SATURDAY_NIGHT, async () => {
      const weekend = await sessionCookieFor(db, me.id, SATURDAY_NIGHT);
      // Friday is past; next week's Monday and Friday are open.
      const friday = dish["2031-03-03 Vrydag"]!.id;
      expect(answer(await myOrder(app, weekend, friday, "2031-03-07"))).toEqual([400, "order_delivery_past"]);
      expect(answer(await myOrder(app, weekend, dish["2031-03-10 Maandag"]!.id, "2031-03-10"))).toEqual([
        201,
        undefined,
      ]);
      // The menu opens on next week, the one ordered in now, with Monday open until 09:00.
      const menu = (await request(app, "GET", "/api/my/menu", { cookie: weekend })).json().data;
      expect(menu.week).toBe("2031-03-10");
      expect(menu.days[0]).toMatchObject({ orderable: true, cutoffAt: "2031-03-10T07:00:00.000Z" });
      const lastWeek = (await request(app, "GET", "/api/my/menu?week=2031-03-03", { cookie: weekend })).json()
        .data;
      expect(lastWeek.days.every((d: { orderable: boolean }) => !d.orderable)).toBe(true);
    });
  });

  it("lets a customer cancel before the cut-off and not after it", async ({ app, db }) => {
    const me = await customer(db);
    const cookie = await sessionCookieFor(db, me.id, TUESDAY_MORNING);
    const placed = await myOrder(app, cookie, dish["2031-03-03 Woensdag"]!.id, "2031-03-05");
    expect(placed.statusCode).toBe(201);
    const id = placed.json().data.order.id;
    const cancel = () => request(app, "POST", `/api/my/orders/${id}/cancel`, { cookie, body: {} });
    // Wednesday 09:00 has come by the clock (the session is still within its 8 hours).
    await at(new Date("2031-03-05T07:00:00Z"), async () => {
      const late = await sessionCookieFor(db, me.id, now);
      const res = await request(app, "POST", `/api/my/orders/${id}/cancel`, { cookie: late, body: {} });
      expect(answer(res)).toEqual([409, "ordering_closed"]);
    });
    expect((await cancel()).statusCode).toBe(200);
  });

  it("refuses the back office an order for a day the clock has passed", async ({ app, db }) => {
    const someone = await customer(db);
    const wednesday = dish["2031-03-03 Woensdag"]!.id;
    expect(answer(await adminOrder(app, someone.id, wednesday, "2031-03-05"))).toEqual([201, undefined]);
    await at(SATURDAY_NIGHT, async () => {
      const asAdminNow = await signIn(app, admin);
      const res = await request(app, "POST", "/api/orders", {
        cookie: asAdminNow,
        body: { customerId: someone.id, foodItemId: wednesday, deliveryDate: "2031-03-05", quantity: 1 },
        headers: { "idempotency-key": randomUUID() },
      });
      expect(answer(res)).toEqual([400, "order_delivery_past"]);
      const days = (await request(app, "GET", "/api/orders/menu-days", { cookie: asAdminNow })).json().data;
      expect(days.map((d: { date: string }) => d.date)).toEqual([
        "2031-03-10",
        "2031-03-11",
        "2031-03-12",
        "2031-03-14",
      ]);
    });
  });

  it("takes the kitchen's today and the weekly view's week from the clock", async ({ app, db }) => {
    const cookUser = await createUser(db, { roleId: 3 });
    const cook = await signIn(app, cookUser);
    const kitchen = await request(app, "GET", "/api/kitchen/orders", { cookie: cook });
    expect(kitchen.json().data?.date, kitchen.body).toBe("2031-03-04");
    await at(SATURDAY_NIGHT, async () => {
      // Tuesday's session has ended by Saturday.
      expect((await request(app, "GET", "/api/kitchen/orders", { cookie: cook })).statusCode).toBe(401);
      const cookNow = await signIn(app, cookUser);
      const kitchen = await request(app, "GET", "/api/kitchen/orders", { cookie: cookNow });
      expect(kitchen.json().data.date).toBe("2031-03-08");
      const week = await request(app, "GET", "/api/weekly-orders", { cookie: cookNow });
      expect(week.json().data.weekStart).toBe("2031-03-03");
    });
  });

  it("ends a session 8 idle hours after its last use by the clock", async ({ app, db }) => {
    const cook = await createUser(db, { roleId: 3 });
    const cookie = await signIn(app, cook);
    const me = () => request(app, "GET", "/api/auth/me", { cookie });
    expect((await me()).statusCode).toBe(200);
    await at(new Date(TUESDAY_MORNING.getTime() + 8 * 60 * 60_000 - 60_000), async () => {
      expect((await me()).statusCode).toBe(200);
    });
    // Used at 17:59, it slid to 01:59; past that it has ended.
    await at(new Date(TUESDAY_MORNING.getTime() + 16 * 60 * 60_000), async () => {
      expect((await me()).statusCode).toBe(401);
    });
  });
});
