import { dashboardSummary } from "@kantien/domain/dashboard";
import {
  type LedgerKind,
  MONEY_CHANNELS,
  perReportChannel,
  REPORT_CHANNELS,
  type ReportChannel,
} from "@kantien/domain/money-channels";
import {
  dayClosesAnswer,
  dayReportAnswer,
  liabilityReportAnswer,
  salesReportAnswer,
} from "@kantien/domain/reports";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { appTest } from "../../test/app-test";
import { createFoodItem, createOrder, createUser, sessionCookieFor, signIn } from "../../test/fixtures";
import { request } from "../../test/request";
import { moveWalletMoney } from "../wallets/ledger";

/** Wednesday 11 June 2031, 10:00 in Johannesburg: the canteen's clock for this file. */
const NOW = new Date("2031-06-11T08:00:00Z");
const it = appTest({ clock: () => NOW });

/** A time on a June 2031 day in Johannesburg (UTC+2). */
const sast = (day: number, hour: number) => new Date(Date.UTC(2031, 5, day, hour - 2));

/** Moves money as the app does, at the moment the test says it moved. */
async function move(db: Db, userId: string, amount: string, kind: LedgerKind, at: Date, orderId?: string) {
  await db.transaction((tx) => moveWalletMoney(tx, { userId, amount, kind, orderId, createdBy: null, at }));
}

const report = async (app: App, cookie: string, date: string) => {
  const response = await request(app, "GET", `/api/reports/day?date=${date}`, { cookie });
  expect(response.statusCode).toBe(200);
  return dayReportAnswer.parse(response.json()).data;
};
const close = (app: App, cookie: string, date: string) =>
  request(app, "POST", `/api/reports/day/${date}/close`, { cookie, body: {} });

describe("the day's report and its close", () => {
  let asAdmin: string;
  let studentId: string;

  it.beforeAll(async ({ app, db }) => {
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    const student = await createUser(db, { roleId: 1 });
    const teacher = await createUser(db, { roleId: 2 });
    studentId = student.id;
    const bobotie = await createFoodItem(db, { name: "Bobotie" });
    const pap = await createFoodItem(db, { name: "Pap en vleis" });

    // Monday 9 June: money in before the day.
    await move(db, student.id, "200.00", "cash", sast(9, 9));
    await move(db, teacher.id, "200.00", "eft", sast(9, 10));

    // Tuesday 10 June.
    const eaten = await createOrder(db, {
      userId: student.id,
      foodItemId: bobotie.id,
      status: "delivered",
      deliveryDate: "2031-06-10",
    });
    const neverCollected = await createOrder(db, {
      userId: teacher.id,
      foodItemId: pap.id,
      status: "ready",
      quantity: 2,
      deliveryDate: "2031-06-10",
    });
    const cancelled = await createOrder(db, {
      userId: student.id,
      foodItemId: bobotie.id,
      status: "cancelled",
      deliveryDate: "2031-06-10",
    });
    const forTomorrow = await createOrder(db, {
      userId: teacher.id,
      foodItemId: pap.id,
      status: "paid",
      deliveryDate: "2031-06-11",
    });
    await move(db, student.id, "50.00", "card", sast(10, 8));
    await move(db, student.id, "-45.50", "order", sast(10, 8), eaten.id);
    await move(db, teacher.id, "-91.00", "order", sast(10, 9), neverCollected.id);
    await move(db, student.id, "-45.50", "order", sast(10, 9), cancelled.id);
    await move(db, student.id, "45.50", "refund", sast(10, 10), cancelled.id);
    await move(db, teacher.id, "-10.00", "correction", sast(10, 11));
    // Paid on the 10th for the 11th: money on the 10th, the portion on the 11th.
    await move(db, teacher.id, "-45.50", "order", sast(10, 23), forTomorrow.id);
  });

  it("counts portions on their delivery day and money when it moved, and proves the wallets", async ({
    app,
  }) => {
    const day = await report(app, asAdmin, "2031-06-10");
    expect(day.sales).toEqual({ orders: 2, portions: 3, amount: "136.50" });
    expect(day.byItem).toEqual([
      { name: "Pap en vleis", orders: 1, portions: 2, amount: "91.00" },
      { name: "Bobotie", orders: 1, portions: 1, amount: "45.50" },
    ]);
    expect(day.byRole).toEqual([
      { roleId: 1, orders: 1, portions: 1, amount: "45.50" },
      { roleId: 2, orders: 1, portions: 2, amount: "91.00" },
    ]);
    expect(day.noShows).toEqual({ orders: 1, portions: 2, amount: "91.00" });
    expect(day.money.topUps.card).toEqual({ amount: "50.00", count: 1 });
    expect(day.money.topUps.cash).toEqual({ amount: "0.00", count: 0 });
    expect(day.money.refunds).toEqual({ amount: "45.50", count: 1 });
    expect(day.money.corrections).toEqual({ amount: "-10.00", count: 1 });
    expect(day.walletProof).toEqual({
      opening: "400.00",
      moneyIn: "50.00",
      orders: "227.50",
      refunds: "45.50",
      corrections: "-10.00",
      payouts: "0.00",
      closing: "258.00",
      sumOfBalances: "258.00",
      difference: "0.00",
      balanced: true,
    });
    expect(day.close).toBeNull();

    // The day before: wallets that moved in it and again after it, read from the day's ledger.
    const dayBefore = await report(app, asAdmin, "2031-06-09");
    expect(dayBefore.walletProof).toMatchObject({ opening: "0.00", closing: "400.00", balanced: true });

    const tomorrow = await report(app, asAdmin, "2031-06-11");
    expect(tomorrow.sales).toEqual({ orders: 1, portions: 1, amount: "45.50" });
    expect(tomorrow.walletProof).toMatchObject({ opening: "258.00", orders: "0.00", balanced: true });
  });

  it("gives sales per day, week or month with top-ups and the money held at each period's end", async ({
    app,
  }) => {
    const sales = async (query: string) => {
      const response = await request(app, "GET", `/api/reports/sales?${query}`, { cookie: asAdmin });
      expect(response.statusCode).toBe(200);
      return salesReportAnswer.parse(response.json()).data;
    };
    const days = await sales("from=2031-06-08&to=2031-06-11&groupBy=day");
    expect(days.series.map((p) => [p.period, p.orders, p.portions, p.amount, p.moneyHeld])).toEqual([
      ["2031-06-08", 0, 0, "0.00", "0.00"],
      ["2031-06-09", 0, 0, "0.00", "400.00"],
      ["2031-06-10", 2, 3, "136.50", "258.00"],
      ["2031-06-11", 1, 1, "45.50", "258.00"],
    ]);
    expect(days.series[1]!.topUps).toEqual({
      cash: "200.00",
      card: "0.00",
      eft: "200.00",
      online: "0.00",
      other: "0.00",
    });
    expect(days.totals).toEqual({ orders: 3, portions: 4, amount: "182.00" });
    expect(days.topItems).toEqual([
      { name: "Pap en vleis", orders: 2, portions: 3, amount: "136.50" },
      { name: "Bobotie", orders: 1, portions: 1, amount: "45.50" },
    ]);

    // Weeks start on Monday: Sunday the 8th belongs to the week of the 2nd.
    const weeks = await sales("from=2031-06-08&to=2031-06-11&groupBy=week");
    expect(weeks.series.map((p) => [p.period, p.orders, p.moneyHeld])).toEqual([
      ["2031-06-02", 0, "0.00"],
      ["2031-06-09", 3, "258.00"],
    ]);
    expect(weeks.series[1]!.topUps).toEqual({
      cash: "200.00",
      card: "50.00",
      eft: "200.00",
      online: "0.00",
      other: "0.00",
    });
    const months = await sales("from=2031-06-01&to=2031-06-30&groupBy=month");
    expect(months.series.map((p) => [p.period, p.orders, p.amount])).toEqual([["2031-06-01", 3, "182.00"]]);

    for (const query of [
      "from=2031-06-11&to=2031-06-10",
      "from=2029-01-01&to=2031-06-10",
      "from=2031-06-01&to=2031-06-10&groupBy=year",
      "from=2031-06-01",
    ]) {
      const refused = await request(app, "GET", `/api/reports/sales?${query}`, { cookie: asAdmin });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: "validation_failed" });
    }
  });

  it("closes a past day that balances, once, and freezes its figures", async ({ app, db }) => {
    expect((await close(app, asAdmin, "2031-06-11")).json()).toMatchObject({ code: "day_not_over" });
    expect((await close(app, asAdmin, "2031-06-12")).statusCode).toBe(409);

    const closed = await close(app, asAdmin, "2031-06-10");
    expect(closed.statusCode).toBe(201);
    const frozen = dayReportAnswer.parse(closed.json()).data;
    expect(frozen.close).toMatchObject({
      date: "2031-06-10",
      closedBy: "Toets Gebruiker 4",
      previousHash: null,
    });
    expect(frozen.close!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await close(app, asAdmin, "2031-06-10")).json()).toMatchObject({ code: "day_already_closed" });

    // A refund today of an order eaten on the 10th shows today; the closed day stays as it was.
    const [eaten] = await queryRows(
      db,
      sql`select id from orders where user_id = ${studentId} and status = 'delivered'`,
      z.object({ id: z.string() }),
    );
    await move(db, studentId, "45.50", "refund", sast(11, 9), eaten!.id);
    const after = await report(app, asAdmin, "2031-06-10");
    expect(after).toEqual(frozen);
    expect((await report(app, asAdmin, "2031-06-11")).money.refunds).toEqual({ amount: "45.50", count: 1 });
  });

  it("links each close to the one before, and says when a stored close no longer matches", async ({
    app,
    db,
  }) => {
    // Two admins close the same day at once: one close, one refusal.
    const [first, second] = await Promise.all([
      close(app, asAdmin, "2031-06-09"),
      close(app, asAdmin, "2031-06-09"),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);

    const chain = dayClosesAnswer.parse(
      (await request(app, "GET", "/api/reports/closes", { cookie: asAdmin })).json(),
    ).data;
    expect(chain.closes.map((c) => c.date)).toEqual(["2031-06-10", "2031-06-09"]);
    expect(chain.closes[1]!.previousHash).toBe(chain.closes[0]!.hash);
    expect(chain).toMatchObject({ chainIntact: true });

    await db.execute(
      sql`update day_closes set report_json = replace(report_json, '"136.50"', '"1136.50"') where date = '2031-06-10'`,
    );
    const broken = dayClosesAnswer.parse(
      (await request(app, "GET", "/api/reports/closes", { cookie: asAdmin })).json(),
    ).data;
    expect(broken.closes.map((c) => c.intact)).toEqual([false, true]);
    expect(broken.chainIntact).toBe(false);
  });

  it("says how much money the canteen holds and how long it has slept", async ({ app, db }) => {
    const sleeper = await createUser(db, { roleId: 1 });
    await move(db, sleeper.id, "30.00", "cash", new Date("2030-01-01T08:00:00Z"));
    const quiet = await createUser(db, { roleId: 2 });
    await move(db, quiet.id, "20.00", "cash", new Date("2031-04-01T08:00:00Z"));
    const response = await request(app, "GET", "/api/reports/liability", { cookie: asAdmin });
    expect(liabilityReportAnswer.parse(response.json()).data).toEqual({
      moneyHeld: "353.50",
      customersWithMoney: 4,
      byAge: [
        { age: "0-30", customers: 2, amount: "303.50" },
        { age: "31-90", customers: 1, amount: "20.00" },
        { age: "91-365", customers: 0, amount: "0.00" },
        { age: "over-365", customers: 1, amount: "30.00" },
      ],
      unallocatedBankCredits: { count: 0, amount: "0.00" },
    });
  });

  it("refuses a day whose ledger does not add up, and stores nothing", async ({ app, db }) => {
    await createUser(db, { roleId: 1 }).then((user) => move(db, user.id, "20.00", "cash", sast(8, 9)));
    // A wallet that holds a rand its ledger never moved: the ledger no longer proves the wallets.
    await db.execute(
      sql`update wallets set balance = balance + 1
          where user_id = (select user_id from wallet_transactions where created_at = ${sast(8, 9)})`,
    );
    const refused = await close(app, asAdmin, "2031-06-08");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "day_not_balanced",
      details: { difference: "1.00", wallets: [{ balance: "21.00", ledger: "20.00", difference: "1.00" }] },
    });
    const [count] = await queryRows(
      db,
      sql`select count(*)::int as n from day_closes where date = '2031-06-08'`,
      z.object({ n: z.number() }),
    );
    expect(count!.n).toBe(0);
    await db.execute(
      sql`update wallets set balance = balance - 1
          where user_id = (select user_id from wallet_transactions where created_at = ${sast(8, 9)})`,
    );
  });

  it("is for admins only, and takes only a date", async ({ app, db }) => {
    const cook = await sessionCookieFor(db, (await createUser(db, { roleId: 3 })).id, NOW);
    const customer = await sessionCookieFor(db, (await createUser(db, { roleId: 1 })).id, NOW);
    for (const cookie of [cook, customer]) {
      expect((await request(app, "GET", "/api/reports/day?date=2031-06-10", { cookie })).statusCode).toBe(
        403,
      );
      expect((await close(app, cookie, "2031-06-07")).statusCode).toBe(403);
      expect((await request(app, "GET", "/api/reports/closes", { cookie })).statusCode).toBe(403);
      expect((await request(app, "GET", "/api/reports/liability", { cookie })).statusCode).toBe(403);
      expect(
        (await request(app, "GET", "/api/reports/sales?from=2031-06-01&to=2031-06-02", { cookie }))
          .statusCode,
      ).toBe(403);
    }
    for (const date of ["", "2031-02-30", "'; drop table day_closes; --", "2031-6-1"]) {
      const answer = await request(app, "GET", `/api/reports/day?date=${encodeURIComponent(date)}`, {
        cookie: asAdmin,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false });
    }
    expect((await close(app, asAdmin, "not-a-day")).statusCode).toBe(400);
  });

  it("keeps the sales' and the ledger's totals equal to the rows through every write", async ({ db }) => {
    const totalsMatch = async () => {
      const [row] = await queryRows(
        db,
        sql`select
              (select coalesce(json_agg(x order by x.d, x.f), '[]') from (
                 select order_date::text as d, food_item_id as f, orders::int as n, portions::int as p, amount::text as a
                 from sales_totals) x)::text
              = (select coalesce(json_agg(x order by x.d, x.f), '[]') from (
                 select order_date::text as d, food_item_id as f, count(*)::int as n,
                        sum(food_item_quantity)::int as p, sum(food_item_price * food_item_quantity)::numeric(14, 2)::text as a
                 from orders where status not in ('cancelled', 'failed') group by 1, 2) x)::text as sales,
              (select coalesce(json_agg(x order by x.q, x.k), '[]') from (
                 select quarter as q, kind as k, amount::text as a, count as n from ledger_totals) x)::text
              = (select coalesce(json_agg(x order by x.q, x.k), '[]') from (
                 select date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00+00') as q, kind as k,
                        sum(amount)::numeric(14, 2)::text as a, count(*)::int as n
                 from wallet_transactions group by 1, 2) x)::text as ledger`,
        z.object({ sales: z.boolean(), ledger: z.boolean() }),
      );
      return row;
    };
    const customer = await createUser(db, { roleId: 1 });
    const dish = await createFoodItem(db, { name: "Frikkadelle" });
    const orders = [];
    for (const quantity of [1, 2, 3]) {
      orders.push(
        await createOrder(db, {
          userId: customer.id,
          foodItemId: dish.id,
          quantity,
          deliveryDate: "2031-07-01",
        }),
      );
    }
    await move(db, customer.id, "300.00", "card", sast(30, 8));
    expect(await totalsMatch()).toEqual({ sales: true, ledger: true });

    // A cancel, a changed quantity, a moved delivery day, a deleted order, a ledger row moved in time.
    await db.execute(sql`update orders set status = 'cancelled' where id = ${orders[0]!.id}`);
    await db.execute(sql`update orders set food_item_quantity = 5 where id = ${orders[1]!.id}`);
    await db.execute(sql`update orders set order_date = '2031-07-02' where id = ${orders[2]!.id}`);
    await db.execute(sql`delete from orders where id = ${orders[1]!.id}`);
    await db.execute(
      sql`update wallet_transactions set created_at = ${sast(30, 17)} where user_id = ${customer.id}`,
    );
    expect(await totalsMatch()).toEqual({ sales: true, ledger: true });
    // The wallet knows it moved as late as its latest row: the day's proof relies on it.
    const [wallet] = await queryRows(
      db,
      sql`select last_moved_at >= ${sast(30, 17)} as "atLatest" from wallets where user_id = ${customer.id}`,
      z.object({ atLatest: z.boolean() }),
    );
    expect(wallet).toEqual({ atLatest: true });
  });
});

describe("every wallet against its ledger", () => {
  let asAdmin: string;
  let asCook: string;
  let anna: string;

  it.beforeAll(async ({ app, db }) => {
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    asCook = await signIn(app, await createUser(db, { roleId: 3 }));
    anna = (await createUser(db, { roleId: 1 })).id;
    await db.execute(sql`update users set first_name = 'Anna', last_name = 'Botha' where id = ${anna}`);
    const piet = (await createUser(db, { roleId: 2 })).id;
    // Monday the 2nd, and Anna again on the 3rd: the 2nd's own proof reads her from the ledger.
    await move(db, anna, "100.00", "cash", sast(2, 9));
    await move(db, piet, "60.00", "card", sast(2, 10));
    await move(db, anna, "20.00", "eft", sast(3, 9));
  });

  const offLedger = async (app: App, cookie: string) =>
    dashboardSummary.parse((await request(app, "GET", "/api/dashboard", { cookie })).json().data)
      .walletsOffLedger;

  it("refuses to close while a wallet's balance is not its ledger's sum, and the dashboard names it", async ({
    app,
    db,
  }) => {
    // A balance changed behind the ledger's back: five rand no row explains.
    await db.execute(sql`update wallets set balance = balance + 5 where user_id = ${anna}`);
    const drifted = [
      { customerId: anna, name: "Anna Botha", balance: "125.00", ledger: "120.00", difference: "5.00" },
    ];
    const refused = await close(app, asAdmin, "2031-06-02");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: "day_not_balanced",
      details: { difference: "0.00", wallets: drifted },
    });
    expect((await report(app, asAdmin, "2031-06-02")).close).toBeNull();
    expect(await offLedger(app, asAdmin)).toEqual(drifted);
    // Cooks see no money.
    expect(await offLedger(app, asCook)).toBeNull();

    // Put right, the day closes and the dashboard has nothing to say.
    await db.execute(sql`update wallets set balance = balance - 5 where user_id = ${anna}`);
    expect(await offLedger(app, asAdmin)).toEqual([]);
    expect((await close(app, asAdmin, "2031-06-02")).statusCode).toBe(201);
  });
});

describe("every money channel (money-channels.ts)", () => {
  it("is a column of the sales report's top-ups, from the ledger's rows of its kind", async ({ app, db }) => {
    const asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    const customer = (await createUser(db, { roleId: 1 })).id;
    // A July day no other test here moves money on: each channel brings in rand of its own.
    const amount = (channel: ReportChannel) => `${MONEY_CHANNELS[channel].reportOrder}0.00`;
    for (const channel of REPORT_CHANNELS) {
      await move(
        db,
        customer,
        amount(channel),
        MONEY_CHANNELS[channel].kind,
        new Date("2031-07-01T08:00:00Z"),
      );
    }
    const response = await request(
      app,
      "GET",
      "/api/reports/sales?from=2031-07-01&to=2031-07-01&groupBy=day",
      {
        cookie: asAdmin,
      },
    );
    const [day] = salesReportAnswer.parse(response.json()).data.series;
    expect(day!.topUps).toEqual(perReportChannel(amount));
    expect(Object.keys(response.json().data.series[0].topUps)).toEqual(REPORT_CHANNELS);
  });
});
