import { randomUUID } from "node:crypto";
import { CANTEEN_RULES_DEFAULTS } from "@kantien/domain/canteen";
import { type DashboardSummary, dashboardSummary } from "@kantien/domain/dashboard";
import { kitchenDay } from "@kantien/domain/kitchen";
import { kitchenCounts, portionsToMake } from "@kantien/domain/kitchen-rules";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import { bankCredits, bankStatements, users } from "../../db/schema";
import { appTest } from "../../test/app-test";
import {
  createFoodItem,
  createOrder,
  createUser,
  createWeeklyMenu,
  sessionCookieFor,
  signIn,
} from "../../test/fixtures";
import { request } from "../../test/request";
import { moveWalletMoney } from "../wallets/ledger";

/** Wednesday 11 June 2031, 10:00 in Johannesburg: the canteen's clock for this file. */
const NOW = new Date("2031-06-11T08:00:00Z");
const TODAY = "2031-06-11";
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const it = appTest({ clock: () => NOW });

describe("dashboard: recent activity", () => {
  let asAdmin: string;
  const ids: Record<string, string> = {};

  it.beforeAll(async ({ app, db }) => {
    const admin = await createUser(db, { roleId: 4 });
    asAdmin = await signIn(app, admin);
    await createUser(db, { roleId: 3 });
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes));
    const customers = [];
    for (const [i, roleId] of ([1, 2, 1] as const).entries()) {
      const customer = await createUser(db, { roleId });
      await db
        .update(users)
        .set({ accountCreationTime: at(i * 10) })
        .where(eq(users.id, customer.id));
      customers.push(customer.id);
    }
    // Removed people no longer count, nor appear as new.
    const removed = await createUser(db, { roleId: 1 });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, removed.id));
    // The admin and staff account were made "now" above; put them in the past, with Lerato the newest user.
    await db.execute(sql`update users set account_creation_time = '2025-01-01' where role_id in (3, 4)`);
    await db
      .update(users)
      .set({ firstName: "Lerato", lastName: "Mokoena", accountCreationTime: at(30) })
      .where(eq(users.id, customers[2]!));
    const bobotie = await createFoodItem(db, { name: "Bobotie" });
    const statuses = ["pending", "pending", "processing", "delivered", "cancelled", "paid"] as const;
    for (const [i, status] of statuses.entries()) {
      const order = await createOrder(db, {
        userId: customers[i % 3]!,
        foodItemId: bobotie.id,
        status,
        quantity: 1 + (i % 2),
        createdAt: at(5 + i * 7),
        deliveryDate: "2026-01-05",
      });
      ids[status] = order.id;
    }
  });

  const get = (app: App, cookie?: string) => request(app, "GET", "/api/dashboard", { cookie });

  it("shows the latest 3 orders and the latest 2 new users, newest first", async ({ app }) => {
    const { activity } = (await get(app, asAdmin)).json().data as DashboardSummary;
    expect(activity).toHaveLength(5);
    expect(activity.map((a) => [a.type, a.status])).toEqual([
      ["order", "paid"],
      ["order", "cancelled"],
      ["user", "completed"],
      ["order", "delivered"],
      ["user", "completed"],
    ]);
    expect(activity[0]).toEqual({
      id: ids.paid,
      type: "order",
      title: "Lerato Mokoena",
      description: "Bobotie × 2",
      roleId: null,
      timestamp: "2026-01-01T08:40:00.000Z",
      status: "paid",
    });
    expect(activity[2]).toMatchObject({
      type: "user",
      title: "Lerato Mokoena",
      description: "STUDENT",
      roleId: 1,
    });
    const timestamps = activity.map((a) => a.timestamp);
    expect(timestamps).toEqual([...timestamps].sort().reverse());
  });

  it("is for staff and admin only", async ({ app, db }) => {
    const customer = await createUser(db, { roleId: 1 });
    expect((await get(app, await sessionCookieFor(db, customer.id, NOW))).statusCode).toBe(403);
    expect((await get(app)).statusCode).toBe(401);
  });
});

describe("dashboard: today", () => {
  let asAdmin: string;
  let asStaff: string;

  const topUp = (app: App, userId: string, amount: string, method: string) =>
    request(app, "POST", `/api/customers/${userId}/top-ups`, {
      cookie: asAdmin,
      body: { amount, method, reason: method === "correction" ? "Kontant verkeerd getel" : null },
      headers: { "idempotency-key": randomUUID() },
    });

  it.beforeAll(async ({ app, db }) => {
    asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    asStaff = await signIn(app, await createUser(db, { roleId: 3 }));
    const customer = await createUser(db, { roleId: 1 });

    // This week has Wednesday and Thursday on its menu, not Friday; next week has no menu.
    const week = await createWeeklyMenu(db, { dateFrom: "2031-06-09" });
    const bobotie = await createFoodItem(db, {
      weeklyMenuId: week.id,
      dayOfWeek: "Woensdag",
      name: "Bobotie",
    });
    await createFoodItem(db, { weeklyMenuId: week.id, dayOfWeek: "Donderdag", name: "Pizza" });
    const pasta = await createFoodItem(db, { name: "Vegetariese pasta" });

    // Today's orders in every status; the kitchen counts them by its rules.
    const today = [
      { foodItemId: bobotie.id, status: "pending", quantity: 2, createdAt: minutesAgo(30) }, // late
      { foodItemId: bobotie.id, status: "paid", quantity: 2, createdAt: minutesAgo(5) },
      { foodItemId: pasta.id, status: "processing", quantity: 3, createdAt: minutesAgo(40) },
      { foodItemId: bobotie.id, status: "ready", quantity: 1, createdAt: minutesAgo(50) },
      { foodItemId: pasta.id, status: "delivered", quantity: 2, createdAt: minutesAgo(90) },
      { foodItemId: bobotie.id, status: "cancelled", quantity: 4, createdAt: minutesAgo(60) },
      { foodItemId: pasta.id, status: "failed", quantity: 1, createdAt: minutesAgo(60) },
    ] as const;
    for (const order of today) {
      await createOrder(db, { userId: customer.id, deliveryDate: TODAY, ...order });
    }
    // Yesterday's order still waiting is not today's work.
    await createOrder(db, {
      userId: customer.id,
      foodItemId: bobotie.id,
      status: "pending",
      quantity: 5,
      deliveryDate: "2031-06-10",
      createdAt: minutesAgo(24 * 60),
    });

    // Money in today by each channel, a correction, a reversal and a refund; and yesterday's cash.
    const rich = await createUser(db, { roleId: 2 });
    const ids: Record<string, string> = {};
    for (const [amount, method] of [
      ["100", "cash"],
      ["50,50", "cash"],
      ["80", "card"],
      ["200", "eft"],
      ["10", "correction"],
      ["999", "cash"],
    ] as const) {
      const res = await topUp(app, rich.id, amount, method);
      expect(res.statusCode).toBe(201);
      ids[`${method}-${amount}`] = res.json().data.entry.id;
    }
    const reversed = await request(app, "POST", `/api/wallet-transactions/${ids["card-80"]}/reverse`, {
      cookie: asAdmin,
      body: { reason: "Kaart is teruggetrek" },
    });
    expect(reversed.statusCode).toBe(200);
    await db.transaction((tx) =>
      moveWalletMoney(tx, { userId: rich.id, amount: "45.50", kind: "refund", createdBy: null, at: NOW }),
    );
    // A low balance: R20, under the R50 line.
    expect((await topUp(app, customer.id, "20", "cash")).statusCode).toBe(201);
    // The ledger is stamped by the canteen's clock: the 999 moves to yesterday evening.
    await db.execute(
      sql`update wallet_transactions set created_at = ${minutesAgo(11 * 60)} where id = ${ids["cash-999"]}`,
    );

    // Bank credits in every status: two wait for an admin.
    const [statement] = await db.insert(bankStatements).values({ bank: "fnb", lineCount: 4 }).returning();
    for (const [line, status] of (["review", "unallocated", "matched", "dismissed"] as const).entries()) {
      await db.insert(bankCredits).values({
        statementId: statement!.id,
        fingerprint: `dashboard-${line}`,
        line,
        date: TODAY,
        amount: "100.00",
        description: `Inbetaling ${line}`,
        status,
      });
    }
  });

  const get = (app: App, cookie: string) => request(app, "GET", "/api/dashboard", { cookie });

  it("counts today's orders and portions as the kitchen board does", async ({ app }) => {
    const res = await get(app, asStaff);
    expect(res.statusCode).toBe(200);
    const { today } = dashboardSummary.parse(res.json().data);
    expect(today).toEqual({
      date: TODAY,
      toMake: [
        { itemName: "Bobotie", portions: 4 },
        { itemName: "Vegetariese pasta", portions: 3 },
      ],
      orders: { total: 5, pending: 2, processing: 1, ready: 1, delivered: 1 },
      late: 1,
      lateMinutes: 20,
    });
    // The kitchen board's own answer for today, counted by the same rules.
    const board = kitchenDay.parse(
      (await request(app, "GET", "/api/kitchen/orders", { cookie: asStaff })).json().data,
    );
    expect(board.date).toBe(TODAY);
    expect(today.orders).toEqual(kitchenCounts(board.orders));
    expect(today.toMake).toEqual(portionsToMake(board.orders));
  });

  it("counts an order as late only from the kitchen's start of service, by the canteen's rule", async ({
    app,
  }) => {
    const withStart = (kitchenServiceStart: string) =>
      request(app, "PUT", "/api/canteen-settings", {
        cookie: asAdmin,
        body: { ...CANTEEN_RULES_DEFAULTS, kitchenServiceStart },
      });
    // At 10:00 the order placed at 09:30 has waited 15 minutes if the kitchen started at 09:45.
    expect((await withStart("09:45")).statusCode).toBe(200);
    expect(dashboardSummary.parse((await get(app, asStaff)).json().data).today.late).toBe(0);
    // And none at all if it starts at 11:00; from 09:40 it is late (20 minutes).
    expect((await withStart("11:00")).statusCode).toBe(200);
    expect(dashboardSummary.parse((await get(app, asStaff)).json().data).today.late).toBe(0);
    expect((await withStart("09:40")).statusCode).toBe(200);
    expect(dashboardSummary.parse((await get(app, asStaff)).json().data).today.late).toBe(1);
    expect((await withStart(CANTEEN_RULES_DEFAULTS.kitchenServiceStart)).statusCode).toBe(200);
  });

  it("warns of this week's and next week's school days without a dish", async ({ app }) => {
    const { daysWithoutMenu } = (await get(app, asStaff)).json().data as DashboardSummary;
    expect(daysWithoutMenu).toEqual([
      "2031-06-13",
      "2031-06-16",
      "2031-06-17",
      "2031-06-18",
      "2031-06-19",
      "2031-06-20",
    ]);
  });

  it("counts low balances by the customers list's own 'low' tab", async ({ app }) => {
    const { lowBalances } = (await get(app, asStaff)).json().data as DashboardSummary;
    const low = await request(app, "GET", "/api/customers?tab=low&limit=25", { cookie: asStaff });
    expect(lowBalances).toEqual({ count: low.json().total, threshold: "50.00" });
    expect(lowBalances.count).toBeGreaterThan(0);
  });

  it("shows admins today's money in by channel net of reversals, refunds, corrections and waiting bank credits", async ({
    app,
  }) => {
    const { money } = (await get(app, asAdmin)).json().data as DashboardSummary;
    expect(money).toEqual({
      topUps: {
        cash: { amount: "170.50", count: 3 },
        // The R80 card top-up was reversed: the card brought nothing in today.
        card: { amount: "0.00", count: 1 },
        eft: { amount: "200.00", count: 1 },
        online: { amount: "0.00", count: 0 },
        other: { amount: "0.00", count: 0 },
      },
      totalIn: "370.50",
      reversals: { amount: "-80.00", count: 1 },
      refunds: { amount: "45.50", count: 1 },
      corrections: { amount: "10.00", count: 1 },
      bankCreditsWaiting: 2,
    });
  });

  it("shows staff no money", async ({ app }) => {
    const res = await get(app, asStaff);
    expect(res.json().data.money).toBeNull();
    expect(res.body).not.toContain("totalIn");
  });
});
