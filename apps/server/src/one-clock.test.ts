import { randomUUID } from "node:crypto";
import { dashboardSummary } from "@kantien/domain/dashboard";
import { dayReportAnswer } from "@kantien/domain/reports";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "./app";
import { type Db, queryRows } from "./db/client";
import { appTest } from "./test/app-test";
import { createUser, sessionCookieFor, signIn, type TestUser } from "./test/fixtures";
import { multipart } from "./test/multipart";
import { request } from "./test/request";
import { fnbStatement } from "./test/statement-fixtures";

/*
 * Money and the records the canteen reasons about are stamped by the canteen's clock, as orders
 * are (docs/decisions/0027-one-clock.md): set far from the machine's date, a top-up, a bank
 * statement, an allocation, a dismissal, a reversal, an allergy look-up and a day's close all
 * land on the clock's day, and the dashboard and the day's report count the money on it.
 */
const MONDAY = "2031-09-15";
/** Monday 15 September 2031, 12:00 in Johannesburg; each step a minute later. */
const mondayAt = (minute: number) => new Date(Date.UTC(2031, 8, 15, 10, minute));
/** Tuesday 16 September 2031, 09:30 in Johannesburg: Monday is over. */
const TUESDAY_MORNING = new Date("2031-09-16T07:30:00Z");
let now = mondayAt(0);

const it = appTest({ clock: () => now });

async function referenceOf(db: Db, userId: string) {
  const [row] = await queryRows(
    db,
    sql`select payment_reference as reference from wallets where user_id = ${userId}`,
    z.object({ reference: z.string() }),
  );
  return row!.reference;
}

describe("the canteen's clock stamps money and records", () => {
  let admin: TestUser;
  let customer: TestUser;

  it("on the clock's day, and the dashboard and the day's report count them there", async ({ app, db }) => {
    admin = await createUser(db, { roleId: 4 });
    customer = await createUser(db, { roleId: 1 });
    let asAdmin = await signIn(app, admin);
    const post = (app: App, path: string, body: unknown, headers: Record<string, string> = {}) =>
      request(app, "POST", path, { cookie: asAdmin, body, headers });
    const topUp = (amount: string, method: string) =>
      post(
        app,
        `/api/customers/${customer.id}/top-ups`,
        { amount, method, reason: null },
        { "idempotency-key": randomUUID() },
      );

    // A counter top-up and a card top-up that is then reversed.
    now = mondayAt(1);
    const cash = await topUp("100", "cash");
    expect(cash.statusCode).toBe(201);
    expect(cash.json().data.entry.at).toBe(mondayAt(1).toISOString());
    now = mondayAt(2);
    const card = await topUp("40", "card");
    expect(card.statusCode).toBe(201);
    now = mondayAt(3);
    const reversed = await post(app, `/api/wallet-transactions/${card.json().data.entry.id}/reverse`, {
      reason: "Kaart is teruggetrek",
    });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().data.entry.at).toBe(mondayAt(3).toISOString());

    // A bank statement: one transfer names the wallet, two name nobody.
    now = mondayAt(4);
    const { payload, contentType } = multipart([
      {
        name: "file",
        filename: "staat.csv",
        contentType: "text/csv",
        data: fnbStatement([
          ["2031/09/12", "50", "FNB APP PAYMENT", await referenceOf(db, customer.id)],
          ["2031/09/12", "30", "UNKNOWN PAYER", "NO REF"],
          ["2031/09/12", "20", "SOMEONE ELSE", "NO REF"],
        ]),
      },
    ]);
    const imported = await request(app, "POST", "/api/admin/bank-statements", {
      cookie: asAdmin,
      body: payload,
      headers: { "content-type": contentType },
    });
    expect(imported.statusCode).toBe(201);
    const waiting = (
      await request(app, "GET", "/api/admin/bank-credits?status=unallocated", { cookie: asAdmin })
    ).json().data as { id: string; amount: string; importedAt: string }[];
    expect(waiting.map((credit) => credit.importedAt)).toEqual([
      mondayAt(4).toISOString(),
      mondayAt(4).toISOString(),
    ]);
    const creditOf = (amount: string) => waiting.find((credit) => credit.amount === amount)!.id;
    now = mondayAt(5);
    const allocated = await post(app, `/api/admin/bank-credits/${creditOf("30.00")}/allocate`, {
      userId: customer.id,
    });
    expect(allocated.statusCode).toBe(200);
    expect(allocated.json().data.resolvedAt).toBe(mondayAt(5).toISOString());
    now = mondayAt(6);
    const dismissed = await post(app, `/api/admin/bank-credits/${creditOf("20.00")}/dismiss`, {
      reason: "Nie ons s'n nie",
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().data.resolvedAt).toBe(mondayAt(6).toISOString());

    // An admin opens the customer's allergies.
    now = mondayAt(7);
    expect(
      (await request(app, "GET", `/api/customers/${customer.id}/allergies`, { cookie: asAdmin })).statusCode,
    ).toBe(200);

    // The customer's own record: the wallet's rows and the allergy look-up, at the clock's moments.
    const mine = await request(app, "GET", "/api/my/data", {
      cookie: await sessionCookieFor(db, customer.id, now),
    });
    expect(mine.statusCode).toBe(200);
    const document = mine.json() as {
      wallet: { balance: string; transactions: { kind: string; amount: string; at: string }[] };
      allergyAccessLog: { at: string; action: string }[];
    };
    expect(document.allergyAccessLog).toEqual([
      expect.objectContaining({ at: mondayAt(7).toISOString(), action: "view" }),
    ]);
    expect(document.wallet.transactions.map(({ kind, amount, at }) => [kind, amount, at]).sort()).toEqual(
      [
        ["cash", "100.00", mondayAt(1).toISOString()],
        ["card", "40.00", mondayAt(2).toISOString()],
        ["reversal", "-40.00", mondayAt(3).toISOString()],
        ["eft", "50.00", mondayAt(4).toISOString()],
        ["eft", "30.00", mondayAt(5).toISOString()],
      ].sort(),
    );
    expect(document.wallet.balance).toBe("180.00");

    // Monday's dashboard counts Monday's money.
    const money = {
      topUps: {
        cash: { amount: "100.00", count: 1 },
        // The card top-up was reversed the same day: taken off its channel, shown as a reversal.
        card: { amount: "0.00", count: 1 },
        eft: { amount: "80.00", count: 2 },
        online: { amount: "0.00", count: 0 },
        other: { amount: "0.00", count: 0 },
      },
      totalIn: "180.00",
      reversals: { amount: "-40.00", count: 1 },
      refunds: { amount: "0.00", count: 0 },
      corrections: { amount: "0.00", count: 0 },
    };
    const monday = dashboardSummary.parse(
      (await request(app, "GET", "/api/dashboard", { cookie: asAdmin })).json().data,
    );
    expect(monday.today.date).toBe(MONDAY);
    expect(monday.money).toMatchObject(money);

    // On Tuesday, Monday is over: its report holds the money, and it closes at Tuesday's moment.
    now = TUESDAY_MORNING;
    asAdmin = await signIn(app, admin);
    const tuesday = dashboardSummary.parse(
      (await request(app, "GET", "/api/dashboard", { cookie: asAdmin })).json().data,
    );
    expect(tuesday.money).toMatchObject({ totalIn: "0.00" });
    const report = await request(app, "GET", `/api/reports/day?date=${MONDAY}`, { cookie: asAdmin });
    const day = dayReportAnswer.parse(report.json()).data;
    expect(day.money).toEqual(money);
    expect(day.walletProof).toMatchObject({ opening: "0.00", closing: "180.00", balanced: true });
    const closed = await post(app, `/api/reports/day/${MONDAY}/close`, {});
    expect(closed.statusCode).toBe(201);
    expect(dayReportAnswer.parse(closed.json()).data.close?.closedAt).toBe(TUESDAY_MORNING.toISOString());
  });
});
