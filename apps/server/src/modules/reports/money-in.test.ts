import { randomUUID } from "node:crypto";
import { dashboardSummary } from "@kantien/domain/dashboard";
import { dayReportAnswer } from "@kantien/domain/reports";
import { describe, expect } from "vitest";
import type { App } from "../../app";
import { bankCredits, bankStatements } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { createUser, signIn } from "../../test/fixtures";
import { request } from "../../test/request";

/** The canteen's clock for this file: moved from one day to the next by the tests. */
let now = new Date("2031-06-10T08:00:00Z");
const it = appTest({ clock: () => now });

const topUp = (app: App, cookie: string, userId: string, amount: string, method: string) =>
  request(app, "POST", `/api/customers/${userId}/top-ups`, {
    cookie,
    body: { amount, method, reason: null },
    headers: { "idempotency-key": randomUUID() },
  });
const reverse = (app: App, cookie: string, entryId: string) =>
  request(app, "POST", `/api/wallet-transactions/${entryId}/reverse`, {
    cookie,
    body: { reason: "Verkeerd ingetik: R15 nie R1 500 nie" },
  });
const moneyToday = async (app: App, cookie: string) =>
  dashboardSummary.parse((await request(app, "GET", "/api/dashboard", { cookie })).json().data).money!;
const dayMoney = async (app: App, cookie: string, date: string) => {
  const response = await request(app, "GET", `/api/reports/day?date=${date}`, { cookie });
  expect(response.statusCode).toBe(200);
  return dayReportAnswer.parse(response.json()).data;
};

describe("money in, net of reversals", () => {
  it("takes a reversed counter top-up off its channel on the day it is reversed, on the dashboard and in the day's report", async ({
    app,
    db,
  }) => {
    const admin = await createUser(db, { roleId: 4 });
    let asAdmin = await signIn(app, admin);
    const customer = await createUser(db, { roleId: 1 });

    // Tuesday 10 June: R1 500 in cash, a mistake, and R602,50 in cash.
    const mistake = await topUp(app, asAdmin, customer.id, "1500", "cash");
    expect(mistake.statusCode).toBe(201);
    expect((await topUp(app, asAdmin, customer.id, "602,50", "cash")).statusCode).toBe(201);
    expect((await reverse(app, asAdmin, mistake.json().data.entry.id)).statusCode).toBe(200);
    // And R200 by card, reversed only the next day.
    const card = await topUp(app, asAdmin, customer.id, "200", "card");
    expect(card.statusCode).toBe(201);

    const tuesday = await moneyToday(app, asAdmin);
    expect(tuesday.topUps.cash).toEqual({ amount: "602.50", count: 2 });
    expect(tuesday.topUps.card).toEqual({ amount: "200.00", count: 1 });
    expect(tuesday.totalIn).toBe("802.50");
    expect(tuesday.reversals).toEqual({ amount: "-1500.00", count: 1 });
    expect(tuesday.corrections).toEqual({ amount: "0.00", count: 0 });

    // Wednesday: the card's R200 is reversed; Tuesday's report keeps it, Wednesday's takes it off.
    now = new Date("2031-06-11T08:00:00Z");
    asAdmin = await signIn(app, admin);
    expect((await reverse(app, asAdmin, card.json().data.entry.id)).statusCode).toBe(200);
    const wednesday = await moneyToday(app, asAdmin);
    expect(wednesday.topUps.card).toEqual({ amount: "-200.00", count: 0 });
    expect(wednesday.totalIn).toBe("-200.00");
    expect(wednesday.reversals).toEqual({ amount: "-200.00", count: 1 });

    const report = await dayMoney(app, asAdmin, "2031-06-10");
    expect(report.money).toEqual({
      topUps: {
        cash: { amount: "602.50", count: 2 },
        card: { amount: "200.00", count: 1 },
        eft: { amount: "0.00", count: 0 },
        online: { amount: "0.00", count: 0 },
        other: { amount: "0.00", count: 0 },
      },
      totalIn: "802.50",
      reversals: { amount: "-1500.00", count: 1 },
      refunds: { amount: "0.00", count: 0 },
      corrections: { amount: "0.00", count: 0 },
    });
    // The proof still balances: the reversal is in the money in, not counted twice.
    expect(report.walletProof).toMatchObject({ moneyIn: "802.50", corrections: "0.00", balanced: true });
    expect(report.walletProof.closing).toBe("802.50");

    const next = await dayMoney(app, asAdmin, "2031-06-11");
    expect(next.money.topUps.card).toEqual({ amount: "-200.00", count: 0 });
    expect(next.walletProof).toMatchObject({ opening: "802.50", closing: "602.50", balanced: true });
  });

  it("tells the day's report, and its close, how many bank credits still wait for an admin", async ({
    app,
    db,
  }) => {
    now = new Date("2031-06-11T08:00:00Z");
    const asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
    expect((await dayMoney(app, asAdmin, "2031-06-10")).bankCreditsWaiting).toBe(0);
    const [statement] = await db.insert(bankStatements).values({ bank: "fnb", lineCount: 3 }).returning();
    for (const [line, status] of (["review", "unallocated", "dismissed"] as const).entries()) {
      await db.insert(bankCredits).values({
        statementId: statement!.id,
        fingerprint: `waiting-${line}`,
        line,
        date: "2031-06-10",
        amount: "100.00",
        description: `T BOTHA ${line}`,
        status,
      });
    }
    expect((await dayMoney(app, asAdmin, "2031-06-10")).bankCreditsWaiting).toBe(2);
    const closed = await request(app, "POST", "/api/reports/day/2031-06-10/close", {
      cookie: asAdmin,
      body: {},
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(dayReportAnswer.parse(closed.json()).data).toMatchObject({ bankCreditsWaiting: 2 });
  });
});
