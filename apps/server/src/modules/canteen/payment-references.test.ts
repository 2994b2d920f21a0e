import {
  isValidPaymentReference,
  PAYMENT_REFERENCE_ALPHABET,
  paymentReferenceCheck,
} from "@kantien/domain/payment-reference";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { queryRows } from "../../db/client";
import { appTest } from "../../test/app-test";
import { createUser, sessionCookieFor, signIn } from "../../test/fixtures";
import { request } from "../../test/request";

const it = appTest();
let asAdmin: string;
let asCook: string;
let asStudent: string;
let studentId: string;
it.beforeAll(async ({ app, db }) => {
  asAdmin = await signIn(app, await createUser(db, { roleId: 4 }));
  asCook = await signIn(app, await createUser(db, { roleId: 3 }));
  const student = await createUser(db, { roleId: 1 });
  studentId = student.id;
  asStudent = await sessionCookieFor(db, student.id);
});

const BANK = "/api/canteen-settings/bank-details";
const wallet = (app: App) => request(app, "GET", "/api/my/wallet", { cookie: asStudent });

describe("a wallet's payment reference", () => {
  it("is made by the database for every wallet, valid by the domain's check, and never twice", async ({
    db,
  }) => {
    const made = await queryRows(
      db,
      sql`select new_payment_reference() as reference from generate_series(1, 2000)`,
      z.object({ reference: z.string() }),
    );
    const references = made.map((row) => row.reference);
    expect(new Set(references).size).toBe(2000);
    for (const reference of references) {
      expect(reference).toMatch(/^KAN[0-9A-HJKMNP-TV-Z]{6}$/);
      expect(isValidPaymentReference(reference), reference).toBe(true);
    }
  });

  it("has its check character computed alike by the database and the domain", async ({ db }) => {
    // Every body of 32^5 spaced by a step prime to it: 2,000 bodies, every character in every place.
    const bodies = Array.from({ length: 2000 }, (_, i) => {
      let n = (i * 16_769_023) % 32 ** 5;
      return Array.from({ length: 5 }, () => {
        const char = PAYMENT_REFERENCE_ALPHABET[n % 32];
        n = Math.floor(n / 32);
        return char;
      }).join("");
    });
    const checks = await queryRows(
      db,
      sql`select payment_reference_check(body) as check
          from unnest(string_to_array(${bodies.join(",")}, ',')) with ordinality as t(body, n) order by n`,
      z.object({ check: z.string() }),
    );
    expect(checks.map((row) => row.check)).toEqual(bodies.map((body) => paymentReferenceCheck(body)));
  });

  it("is on the customer's wallet screen and on their detail in the back office", async ({ app }) => {
    const mine = (await wallet(app)).json().data;
    expect(isValidPaymentReference(mine.paymentReference)).toBe(true);
    const detail = await request(app, "GET", `/api/customers/${studentId}`, { cookie: asAdmin });
    expect(detail.json().data.paymentReference).toBe(mine.paymentReference);
  });
});

describe("GET and PUT /api/canteen-settings/bank-details", () => {
  const details = {
    bank: "FNB",
    accountHolder: "Kantien Akademie",
    accountNumber: "62 1234-5678",
    branchCode: "250 655",
  };

  it("are not given until an admin saves them; only admins read or save them", async ({ app }) => {
    expect((await request(app, "GET", BANK, { cookie: asAdmin })).json()).toEqual({
      success: true,
      data: { details: null, version: 1 },
    });
    expect((await wallet(app)).json().data.eft).toBeNull();
    for (const cookie of [asCook, asStudent]) {
      expect((await request(app, "GET", BANK, { cookie })).statusCode).toBe(403);
      expect((await request(app, "PUT", BANK, { cookie, body: details })).statusCode).toBe(403);
    }
    expect((await request(app, "PUT", BANK, { body: details })).statusCode).toBe(401);
  });

  it("refuse a wrong branch code or account number field by field, and change nothing", async ({ app }) => {
    const res = await request(app, "PUT", BANK, {
      cookie: asAdmin,
      body: { bank: "", accountHolder: "K", accountNumber: "62-12A4", branchCode: "25065" },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields.sort()).toEqual(["accountHolder", "accountNumber", "bank", "branchCode"]);
    expect(res.json().details.find((d: { field: string }) => d.field === "branchCode").message).toBe(
      "Voer die takkode in: 6 syfers, bv. 250655.",
    );
    expect((await request(app, "GET", BANK, { cookie: asAdmin })).json().data.details).toBeNull();
  });

  it("are stored as digits and shown to the customer with their reference", async ({ app }) => {
    const res = await request(app, "PUT", BANK, { cookie: asAdmin, body: details });
    expect(res.statusCode).toBe(200);
    const stored = { ...details, accountNumber: "6212345678", branchCode: "250655" };
    expect(res.json()).toEqual({
      success: true,
      message: "Die kantien se bankbesonderhede is gestoor.",
      data: { details: stored, version: 2 },
    });
    expect(res.headers.etag).toBe('"2"');
    expect((await request(app, "GET", BANK, { cookie: asAdmin })).json().data.details).toEqual(stored);
    expect((await wallet(app)).json().data.eft).toEqual(stored);
  });
});
