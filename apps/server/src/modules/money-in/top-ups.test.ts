import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { queryRows } from "../../db/client";
import { walletTransactions } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { addCustomer as addCustomerAs, customerBody, ledgerSum, topUpAs } from "../../test/customer-fixtures";
import { createUser, signIn, type TestUser } from "../../test/fixtures";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";
import { moveWalletMoney } from "../wallets/ledger";

const it = appTest();
let admin: TestUser;
let adminCookie: string;
let staffCookie: string;

it.beforeAll(async ({ app, db }) => {
  admin = await createUser(db, { roleId: 4 });
  adminCookie = await signIn(app, admin);
  staffCookie = await signIn(app, await createUser(db, { roleId: 3 }));
});

const addCustomer = (app: App, overrides: Record<string, unknown> = {}) =>
  addCustomerAs(app, staffCookie, overrides);
const topUp = (
  app: App,
  id: string,
  payload: unknown,
  key: string | null = randomUUID(),
  cookie = adminCookie,
) => topUpAs(app, cookie, id, payload, key);

describe("POST /api/customers/:id/top-ups", () => {
  it("credits the wallet, writes one ledger row with the reason and who, and answers both", async ({
    app,
    db,
  }) => {
    const row = await addCustomer(app);
    const res = await topUp(app, row.id, {
      amount: "150,5",
      method: "cash",
      reason: "  Kontant by die toonbank ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { balance, entry } = res.json().data;
    expect(balance).toBe("150.50");
    expect(entry).toMatchObject({
      kind: "cash",
      amount: "150.50",
      balanceAfter: "150.50",
      reason: "Kontant by die toonbank",
    });
    const [written] = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, row.id));
    expect(written).toMatchObject({ createdBy: admin.id, kind: "cash" });
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "150.50", balance: "150.50" });
  });

  it("moves the money exactly once per Idempotency-Key, again or at the same time", async ({ app, db }) => {
    const row = await addCustomer(app);
    const key = randomUUID();
    const first = await topUp(app, row.id, { amount: "20", reason: "Een keer", method: "cash" }, key);
    const again = await topUp(app, row.id, { amount: "20", reason: "Een keer", method: "cash" }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const concurrentKey = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        topUp(app, row.id, { amount: "5.25", reason: "Gelyktydig", method: "cash" }, concurrentKey),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().data.entry.id)).size).toBe(1);

    // Different keys are different top-ups.
    await Promise.all([
      topUp(app, row.id, { amount: "1", reason: "a", method: "cash" }),
      topUp(app, row.id, { amount: "1", reason: "b", method: "cash" }),
    ]);

    const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.userId, row.id));
    expect(rows).toHaveLength(4);
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "27.25", balance: "27.25" });
  });

  it("refuses a key used for another top-up (409) and a missing or odd key (400), moving nothing", async ({
    app,
    db,
  }) => {
    const row = await addCustomer(app);
    const key = randomUUID();
    await topUp(app, row.id, { amount: "20", reason: "Een", method: "cash" }, key);
    const other = await topUp(app, row.id, { amount: "30", reason: "Een", method: "cash" }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe("idempotency_key_reused");
    const missing = await topUp(app, row.id, { amount: "30", reason: "Een", method: "cash" }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("idempotency_key_required");
    expect(
      (await topUp(app, row.id, { amount: "30", reason: "Een", method: "cash" }, "met spasie")).statusCode,
    ).toBe(400);
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "20.00", balance: "20.00" });
  });

  it("refuses an amount of 0, below 0, above R10,000 or with 3 decimals, an unknown channel, and a correction without a reason", async ({
    app,
    db,
  }) => {
    const row = await addCustomer(app);
    for (const payload of [
      { amount: "0", method: "cash" },
      { amount: "-5", method: "cash" },
      { amount: "10000.01", method: "cash" },
      { amount: "1.234", method: "cash" },
      { amount: "tien", method: "cash" },
      { amount: "10", method: "cheque" },
      { amount: "10" },
      { amount: "10", method: "correction", reason: "  " },
      { amount: "10", method: "cash", reason: "x".repeat(201) },
      { amount: "10", method: "cash", balance: "1000" },
    ]) {
      const res = await topUp(app, row.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    expect(
      (await topUp(app, row.id, { amount: "10000", reason: "Maksimum", method: "cash" })).statusCode,
    ).toBe(201);
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "10000.00", balance: "10000.00" });
  });

  it("tops up customers only, and a key that failed on a missing customer is not spent", async ({
    app,
    db,
  }) => {
    const staffMember = await createUser(db, { roleId: 3 });
    const key = randomUUID();
    expect(
      (await topUp(app, staffMember.id, { amount: "5", reason: "x", method: "cash" }, key)).statusCode,
    ).toBe(404);
    expect((await topUp(app, randomUUID(), { amount: "5", reason: "x", method: "cash" })).statusCode).toBe(
      404,
    );
    const row = await addCustomer(app);
    expect((await topUp(app, row.id, { amount: "5", reason: "x", method: "cash" }, key)).statusCode).toBe(
      201,
    );
  });

  it("lets a cook take cash and card at the counter, not EFT or a correction", async ({ app, db }) => {
    const row = await addCustomer(app);
    const cash = await topUp(app, row.id, { amount: "40", method: "cash" }, randomUUID(), staffCookie);
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data.entry).toMatchObject({ kind: "cash", amount: "40.00", reason: null });
    const card = await topUp(app, row.id, { amount: "10", method: "card" }, randomUUID(), staffCookie);
    expect(card.json().data).toMatchObject({ balance: "50.00", entry: { kind: "card" } });
    for (const method of ["eft", "correction"]) {
      const refused = await topUp(
        app,
        row.id,
        { amount: "10", method, reason: "x" },
        randomUUID(),
        staffCookie,
      );
      expect(refused.statusCode, method).toBe(403);
    }
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "50.00", balance: "50.00" });
    // The customer is told each time, in their language, with the channel and the new balance.
    const mails = await queryRows(
      db,
      sql`select subject, text_body as text from email_outbox where to_address = ${row.email} order by id`,
      z.object({ subject: z.string(), text: z.string() }),
    );
    expect(mails.map((m) => m.subject.replaceAll("\u00a0", " "))).toEqual([
      "R 40,00 is by jou Kantien-beursie gevoeg",
      "R 10,00 is by jou Kantien-beursie gevoeg",
    ]);
    expect(mails[0]!.text.replaceAll("\u00a0", " ")).toContain(
      "Ons het R 40,00 by jou beursie gevoeg (kontant by die toonbank). Jou saldo is nou R 40,00.",
    );
  });

  it("leaves the balance unwritable any other way", async ({ app, db }) => {
    const row = await addCustomer(app);
    const put = await request(app, "PUT", `/api/admin/data/wallet/${row.id}`, {
      cookie: adminCookie,
      body: { balance: "999" },
    });
    expect(put.statusCode).toBe(405);
    const user = await request(app, "PUT", `/api/admin/data/user/${row.id}`, {
      cookie: adminCookie,
      body: { balance: "999" },
    });
    expect(user.statusCode).toBe(400);
    const edit = await request(app, "PUT", `/api/customers/${row.id}`, {
      cookie: adminCookie,
      body: customerBody({ email: row.email, balance: "999" }),
    });
    expect(edit.statusCode).toBe(400);
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "0.00", balance: "0.00" });
  });
});

describe("a top-up at the same time as a debit of the same wallet", () => {
  // A debit locks the wallet, then its ledger row checks the person (a key-share lock on the
  // users row). A top-up that locked the users row for update first would deadlock with it.
  it.skipIf(testBackend !== "postgres")("never deadlocks", { timeout: 60_000 }, async ({ app, db }) => {
    const row = await addCustomer(app);
    await db.transaction((tx) =>
      moveWalletMoney(tx, {
        userId: row.id,
        amount: "1000.00",
        kind: "top_up",
        createdBy: admin.id,
        at: new Date(),
      }),
    );
    for (let i = 0; i < 40; i++) {
      const [credit, debit] = await Promise.allSettled([
        topUp(app, row.id, { amount: "2", method: "cash" }),
        db.transaction((tx) =>
          moveWalletMoney(tx, {
            userId: row.id,
            amount: "-1.00",
            kind: "order",
            createdBy: null,
            at: new Date(),
          }),
        ),
      ]);
      expect(debit.status, String((debit as PromiseRejectedResult).reason)).toBe("fulfilled");
      expect(credit.status === "fulfilled" && credit.value.statusCode, `round ${i}`).toBe(201);
    }
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "1040.00", balance: "1040.00" });
  });
});

describe("POST /api/wallet-transactions/:id/reverse", () => {
  const reverse = (app: App, id: string, reason: unknown, cookie = adminCookie) =>
    request(app, "POST", `/api/wallet-transactions/${id}/reverse`, { cookie, body: { reason } });

  it("undoes a top-up once, as a new ledger row with the reason, and never below zero", async ({
    app,
    db,
  }) => {
    const row = await addCustomer(app);
    const typo = (await topUp(app, row.id, { amount: "5000", method: "eft", reason: "Tikfout" })).json().data
      .entry;
    const right = (await topUp(app, row.id, { amount: "50", method: "cash" })).json().data.entry;

    expect((await reverse(app, typo.id, "Tikfout: 5000 vir 50", staffCookie)).statusCode).toBe(403);
    const res = await reverse(app, typo.id, "Tikfout: 5000 vir 50");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Die inbetaling is teruggedraai.",
      data: {
        balance: "50.00",
        entry: { kind: "reversal", amount: "-5000.00", reason: "Tikfout: 5000 vir 50", reversesId: typo.id },
      },
    });
    const again = await reverse(app, typo.id, "Weer");
    expect([again.statusCode, again.json().code]).toEqual([409, "already_reversed"]);

    // R50 was spent: reversing it would take the wallet below zero.
    await db.execute(sql`update wallets set balance = 20 where user_id = ${row.id}`);
    await db.execute(
      sql`insert into wallet_transactions (user_id, amount, kind, balance_after) values (${row.id}, -30, 'order', 20)`,
    );
    const short = await reverse(app, right.id, "EFT teruggekeer");
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: "reversal_insufficient_balance",
      details: { balance: "20.00", amount: "50.00", missing: "30.00" },
    });
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "20.00", balance: "20.00" });
  });

  it("refuses an order, a refund, an unknown row and a missing reason, changing nothing", async ({
    app,
    db,
  }) => {
    const row = await addCustomer(app);
    const entry = (await topUp(app, row.id, { amount: "30", method: "cash" })).json().data.entry;
    const reversal = (await reverse(app, entry.id, "Verkeerde klant")).json().data.entry;
    expect((await reverse(app, reversal.id, "Terug")).json().code).toBe("not_reversible");
    expect((await reverse(app, "999999999", "Niks")).statusCode).toBe(404);
    expect((await reverse(app, "abc", "Niks")).statusCode).toBe(404);
    expect((await reverse(app, entry.id, " ")).statusCode).toBe(400);
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "0.00", balance: "0.00" });
  });

  it("reverses once when two admins click at the same moment", async ({ app, db }) => {
    const row = await addCustomer(app);
    const entry = (await topUp(app, row.id, { amount: "75", method: "card" })).json().data.entry;
    const answers = await Promise.all([reverse(app, entry.id, "Een"), reverse(app, entry.id, "Twee")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerSum(db, row.id)).toEqual({ sum: "0.00", balance: "0.00" });
  });
});
