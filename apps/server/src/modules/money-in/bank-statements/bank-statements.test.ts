import { readFileSync } from "node:fs";
import { PAYMENT_REFERENCE_ALPHABET } from "@kantien/domain/payment-reference";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../../app";
import { type Db, queryRows } from "../../../db/client";
import { clients } from "../../../db/schema";
import { appTest } from "../../../test/app-test";
import { createUser, sessionCookieFor, signIn, type TestUser } from "../../../test/fixtures";
import { multipart } from "../../../test/multipart";
import { request } from "../../../test/request";
import { fnbStatement } from "../../../test/statement-fixtures";

const it = appTest();
let admin: string;
let cook: string;
let anna: TestUser & { reference: string };
let piet: TestUser & { reference: string };
let sipho: TestUser;

async function referenceOf(db: Db, userId: string) {
  const [row] = await queryRows(
    db,
    sql`select payment_reference as reference from wallets where user_id = ${userId}`,
    z.object({ reference: z.string() }),
  );
  return row!.reference;
}

it.beforeAll(async ({ app, db }) => {
  admin = await signIn(app, await createUser(db, { roleId: 4 }));
  cook = await signIn(app, await createUser(db, { roleId: 3 }));
  const a = await createUser(db, { roleId: 1 });
  anna = { ...a, reference: await referenceOf(db, a.id) };
  const p = await createUser(db, { roleId: 2 });
  piet = { ...p, reference: await referenceOf(db, p.id) };
  sipho = await createUser(db, { roleId: 1 });
  await db.insert(clients).values({ userId: sipho.id, akdNumber: "AK90210" });
});

/** A wrong check character: the reference's last character moved on by one. */
const wrongCheck = (reference: string) =>
  `${reference.slice(0, -1)}${PAYMENT_REFERENCE_ALPHABET[(PAYMENT_REFERENCE_ALPHABET.indexOf(reference.at(-1)!) + 1) % 32]}`;

const upload = (app: App, file: string | Buffer, cookie: string | null = admin, name = "staat.csv") => {
  const { payload, contentType } = multipart([
    { name: "file", filename: name, contentType: "text/csv", data: file },
  ]);
  return request(app, "POST", "/api/admin/bank-statements", {
    cookie: cookie ?? undefined,
    body: payload,
    headers: { "content-type": contentType },
  });
};

const credits = async (app: App, status: string) =>
  (await request(app, "GET", `/api/admin/bank-credits?status=${status}`, { cookie: admin })).json();

async function ledgerHolds(db: Db) {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as wallets,
               count(*) filter (where w.balance = coalesce(l.sum, 0))::int as matching
        from wallets w left join (select user_id, sum(amount) as sum from wallet_transactions group by user_id) l
          on l.user_id = w.user_id`,
    z.object({ wallets: z.number(), matching: z.number() }),
  );
  return row!.wallets === row!.matching;
}

async function balanceOf(db: Db, userId: string) {
  const [row] = await queryRows(
    db,
    sql`select balance::text as balance from wallets where user_id = ${userId}`,
    z.object({ balance: z.string() }),
  );
  return row!.balance;
}

describe("POST /api/admin/bank-statements", () => {
  it("credits a line with exactly one valid reference at once, sets near misses aside, and skips debits", async ({
    app,
    db,
  }) => {
    const spaced = `${anna.reference.slice(0, 3).toLowerCase()} ${anna.reference.slice(3, 6)}-${anna.reference.slice(6)}`;
    const file = fnbStatement([
      ["2026/11/20", "150", "FNB APP PAYMENT FROM A BOTHA", anna.reference],
      ["2026/11/20", "-1250.50", "POS PURCHASE", "MAKRO"],
      ["2026/11/21", "75.50", "MAGTAPE CREDIT", spaced],
      ["2026/11/21", "200", "ACB CREDIT", piet.reference],
      ["2026/11/22", "60", "PAYMENT", wrongCheck(piet.reference)],
      ["2026/11/22", "40", "PAYMENT", "KAN000000"],
      ["2026/11/23", "55", "SCHOOL LUNCH AK90210", "S NDLOVU"],
      ["2026/11/23", "90", "TWO KIDS", `${anna.reference} ${piet.reference}`],
      ["2026/11/24", "12.34", '=HYPERLINK("http://x""y")', "NO REF"],
    ]);
    const res = await upload(app, file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Die bankstaat is ingelees.",
      // 9 lines: 8 credits and the debit, skipped.
      data: {
        bank: "fnb",
        rows: 9,
        debits: 1,
        credits: { matched: 3, review: 4, unallocated: 1, duplicates: 0 },
      },
    });
    expect(await balanceOf(db, anna.id)).toBe("225.50");
    expect(await balanceOf(db, piet.id)).toBe("200.00");
    expect(await ledgerHolds(db)).toBe(true);

    const matched = await credits(app, "matched");
    expect(matched.total).toBe(3);
    // By the bank's date, newest first, and what they come to.
    expect(matched.data.map((c: { date: string }) => c.date)).toEqual([
      "2026-11-21",
      "2026-11-21",
      "2026-11-20",
    ]);
    expect(matched.totalAmount).toBe("425.50");

    // A wallet's statement shows an EFT by the bank line's date and text, for the admin and the customer.
    const detail = await request(app, "GET", `/api/customers/${piet.id}`, { cookie: admin });
    const [eft] = detail.json().data.ledger;
    expect(eft).toMatchObject({
      kind: "eft",
      amount: "200.00",
      bankLine: { date: "2026-11-21", description: expect.stringContaining("ACB CREDIT") },
    });
    const mine = await request(app, "GET", "/api/my/wallet", { cookie: await sessionCookieFor(db, piet.id) });
    expect(mine.json().data.transactions[0]).toMatchObject({
      kind: "eft",
      bankLine: { date: "2026-11-21", description: eft.bankLine.description },
    });
    const annas = matched.data.filter((c: { customer: { id: string } | null }) => c.customer?.id === anna.id);
    expect(annas).toHaveLength(2);
    expect(annas[0]).toMatchObject({ status: "matched", resolvedBy: null, resolvedAt: null });
    const review = (await credits(app, "review")).data as {
      amount: string;
      hint: string;
      customer: { id: string } | null;
    }[];
    const byAmount = Object.fromEntries(review.map((c) => [c.amount, c]));
    expect(byAmount["60.00"]).toMatchObject({ hint: "wrong_check", customer: { id: piet.id } });
    expect(byAmount["40.00"]).toMatchObject({ hint: "unknown_reference", customer: null });
    expect(byAmount["55.00"]).toMatchObject({ hint: "academy_number", customer: { id: sipho.id } });
    expect(byAmount["90.00"]).toMatchObject({ hint: "several_references", customer: null });
    // Anna is told her EFTs arrived: one mail per credited line.
    const mails = await queryRows(
      db,
      sql`select subject, text_body as text from email_outbox where to_address = ${anna.email} order by id`,
      z.object({ subject: z.string(), text: z.string() }),
    );
    expect(mails.map((m) => m.text.replaceAll("\u00a0", " "))).toEqual([
      expect.stringContaining("by jou beursie gevoeg (EFT)"),
      expect.stringContaining("by jou beursie gevoeg (EFT)"),
    ]);
    const [unallocated] = (await credits(app, "unallocated")).data;
    // The bank's text is kept as text, formula and all.
    expect(unallocated.description).toContain("=HYPERLINK(");
  });

  it("exports the credits of a status as CSV for a spreadsheet, the bank's text never a formula", async ({
    app,
  }) => {
    const res = await request(app, "GET", "/api/admin/bank-credits/export.csv?status=unallocated", {
      cookie: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      '"Datum","Bedrag (R)","Beskrywing","Status","Klant","Verwysing","Hoekom","Deur","Wanneer","Rede"',
    );
    const formula = lines.find((line) => line.includes("HYPERLINK"));
    expect(formula).toContain(`"'=HYPERLINK(""http://x""`);
    expect(
      (await request(app, "GET", "/api/admin/bank-credits/export.csv", { cookie: cook })).statusCode,
    ).toBe(403);
  });

  it("brings each bank line in once: the same statement again, or one that overlaps, credits nothing twice", async ({
    app,
    db,
  }) => {
    const before = await balanceOf(db, anna.id);
    const week = [
      ["2026/12/01", "10", "PAYMENT", anna.reference],
      ["2026/12/02", "10", "PAYMENT", anna.reference],
    ] as [string, string, string, string][];
    expect((await upload(app, fnbStatement(week))).json().data.credits).toMatchObject({
      matched: 2,
      duplicates: 0,
    });
    expect((await upload(app, fnbStatement(week))).json().data.credits).toMatchObject({
      matched: 0,
      duplicates: 2,
    });
    const overlap = [...week, ["2026/12/03", "10", "PAYMENT", anna.reference]] as typeof week;
    expect((await upload(app, fnbStatement(overlap))).json().data.credits).toMatchObject({
      matched: 1,
      duplicates: 2,
    });
    expect(Number(await balanceOf(db, anna.id)) - Number(before)).toBe(30);
    expect(await ledgerHolds(db)).toBe(true);
  });

  it("credits each line once when two admins upload the same statement at the same moment", async ({
    app,
    db,
  }) => {
    const before = await balanceOf(db, piet.id);
    const file = fnbStatement(
      Array.from({ length: 40 }, (_, i) => [
        `2026/12/${String(10 + (i % 15)).padStart(2, "0")}`,
        `${i + 1}`,
        `PAY ${i}`,
        piet.reference,
      ]),
    );
    const answers = await Promise.all([upload(app, file), upload(app, file), upload(app, file)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const matched = answers.map((a) => a.json().data.credits.matched as number);
    expect(matched.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Number(await balanceOf(db, piet.id)) - Number(before)).toBe((40 * 41) / 2);
    expect(await ledgerHolds(db)).toBe(true);
  });

  it("refuses a file it cannot read whole, naming the line, and credits nothing from it", async ({
    app,
    db,
  }) => {
    const before = await balanceOf(db, anna.id);
    const broken = fnbStatement([
      ["2026/12/20", "10", "PAYMENT", anna.reference],
      ["2026/12/21", "tien", "PAYMENT", anna.reference],
    ]);
    const res = await upload(app, broken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "statement_unreadable",
      message: "Die bankstaat kon nie ingelees word nie. Niks daarvan is gekrediteer nie.",
      details: { line: 5 },
    });
    for (const hostile of [
      Buffer.from([0, 1, 2, 255, 254, 0, 7, 8, 9, 0, 200, 201]),
      "x".repeat(20_000),
      "a,b\n1,2\n",
    ]) {
      const refused = await upload(app, hostile);
      expect(refused.statusCode, String(hostile).slice(0, 20)).toBe(400);
      expect(refused.json().code).toBe("statement_unreadable");
    }
    expect(await balanceOf(db, anna.id)).toBe(before);
  });

  it("is an admin's: a cook and the signed out are refused before the file is read; no file is a 400", async ({
    app,
  }) => {
    const file = fnbStatement([["2026/12/28", "10", "PAYMENT", anna.reference]]);
    expect((await upload(app, file, cook)).statusCode).toBe(403);
    expect((await upload(app, file, null)).statusCode).toBe(401);
    const empty = await request(app, "POST", "/api/admin/bank-statements", {
      cookie: admin,
      body: {},
    });
    expect([empty.statusCode, empty.json().code]).toEqual([400, "statement_missing"]);
    expect((await upload(app, "")).json().code).toBe("statement_missing");
  });
});

/** An OFX statement of the same FNB account, as the bank's "download for accounting" writes it. */
function ofxStatement(
  lines: [posted: string, amount: string, name: string, memo: string, fitid: string][],
  { currency = "ZAR" } = {},
) {
  return [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "",
    "<OFX>",
    "<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS>",
    `<CURDEF>${currency}`,
    "<BANKACCTFROM><BANKID>250655<ACCTID>62812345678<ACCTTYPE>CHECKING</BANKACCTFROM>",
    "<BANKTRANLIST>",
    ...lines.map(
      ([posted, amount, name, memo, fitid]) =>
        `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${posted}120000[+2:SAST]<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}<MEMO>${memo}</STMTTRN>`,
    ),
    "</BANKTRANLIST>",
    "</STMTRS></STMTTRNRS></BANKMSGSRSV1>",
    "</OFX>",
  ].join("\r\n");
}

describe("one payment, one credit, whatever the format", () => {
  it("holds the same payment downloaded again as OFX for review as a possible duplicate, crediting it once", async ({
    app,
    db,
  }) => {
    const before = await balanceOf(db, anna.id);
    const csv = await upload(
      app,
      fnbStatement([["2027/02/01", "150", "FNB APP PAYMENT FROM A BOTHA", anna.reference]]),
    );
    expect(csv.json().data.credits).toMatchObject({ matched: 1, review: 0 });
    const ofx = await upload(
      app,
      ofxStatement([
        ["20270201", "150.00", "FNB APP PAYMENT FROM A BOTHA", anna.reference, "202702010001"],
        // The same day's second payment of another amount is a payment of its own.
        ["20270201", "75.00", "FNB APP PAYMENT FROM A BOTHA", anna.reference, "202702010002"],
      ]),
      admin,
      "staat.ofx",
    );
    expect(ofx.statusCode, ofx.body).toBe(201);
    expect(ofx.json().data.credits).toMatchObject({ matched: 1, review: 1, duplicates: 0 });
    expect(Number(await balanceOf(db, anna.id)) - Number(before)).toBe(225);
    const [held] = (await credits(app, "review")).data.filter(
      (c: { hint: string }) => c.hint === "possible_duplicate",
    );
    expect(held).toMatchObject({ amount: "150.00", date: "2027-02-01", customer: { id: anna.id } });
    // The admin decides: a real second payment is allocated by hand.
    const allocated = await request(app, "POST", `/api/admin/bank-credits/${held.id}/allocate`, {
      cookie: admin,
      body: { userId: anna.id },
    });
    expect(allocated.statusCode).toBe(200);
    expect(Number(await balanceOf(db, anna.id)) - Number(before)).toBe(375);
    expect(await ledgerHolds(db)).toBe(true);
  });
});

describe("refusals that say why", () => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

  it("refuses a credit-card statement, one in another currency, one of several accounts and one without a statement", async ({
    app,
    db,
  }) => {
    const before = await balanceOf(db, anna.id);
    const payment: [string, string, string, string, string] = [
      "20270210",
      "50.00",
      "EFT",
      anna.reference,
      "X1",
    ];
    const cases: [Buffer | string, string, string][] = [
      [fixture("ofxparse/chase_cc.qfx"), "statement_credit_card", "Dit is 'n kredietkaartstaat."],
      [
        ofxStatement([payment], { currency: "USD" }),
        "statement_not_rand",
        "Hierdie staat is in USD, nie in rand nie.",
      ],
      [fixture("ofxparse/multiple_accounts.ofx"), "statement_several_accounts", "meer as een rekening"],
      [fixture("ofxparse/signon_success.ofx"), "statement_no_bank_statement", "geen bankstaat nie"],
      [fixture("ofxparse/investment_medium.ofx"), "statement_no_bank_statement", "geen bankstaat nie"],
      [ofxStatement([payment]).replace("</OFX>", ""), "statement_unreadable", "kon nie ingelees word nie"],
    ];
    for (const [file, code, words] of cases) {
      const res = await upload(app, file, admin, "staat.ofx");
      expect([res.statusCode, res.json().code], code).toEqual([400, code]);
      expect(res.json().message).toContain(words);
    }
    const euros = await upload(app, ofxStatement([payment], { currency: "EUR" }), admin, "staat.ofx");
    expect(euros.json()).toMatchObject({
      code: "statement_not_rand",
      message: "Hierdie staat is in EUR, nie in rand nie. Niks daarvan is gekrediteer nie.",
      details: { line: 0, reason: "not_rand", currency: "EUR" },
    });
    expect(await balanceOf(db, anna.id)).toBe(before);
  });
});

describe("reversing an EFT top-up", () => {
  it("shows its bank credit as reversed, with who, when and why, never as matched and credited", async ({
    app,
    db,
  }) => {
    await upload(app, fnbStatement([["2027/03/01", "88", "FNB APP PAYMENT FROM P DU TOIT", piet.reference]]));
    const [credit] = (await credits(app, "matched")).data.filter(
      (c: { amount: string; date: string }) => c.amount === "88.00" && c.date === "2027-03-01",
    );
    expect(credit).toMatchObject({ status: "matched", reversal: null });
    const [entry] = await queryRows(
      db,
      sql`select id::text as id from wallet_transactions where bank_credit_id = ${credit.id}`,
      z.object({ id: z.string() }),
    );
    const countsBefore = (
      await request(app, "GET", "/api/admin/bank-credits/counts", { cookie: admin })
    ).json().data;
    const reversed = await request(app, "POST", `/api/wallet-transactions/${entry!.id}/reverse`, {
      cookie: admin,
      body: { reason: "EFT het teruggekeer" },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);

    const matchedIds = (await credits(app, "matched")).data.map((c: { id: string }) => c.id);
    expect(matchedIds).not.toContain(credit.id);
    const [shown] = (await credits(app, "reversed")).data.filter((c: { id: string }) => c.id === credit.id);
    expect(shown).toMatchObject({
      status: "reversed",
      customer: { id: piet.id },
      reversal: { reason: "EFT het teruggekeer" },
    });
    expect(shown.reversal.by).toBeTruthy();
    expect(shown.reversal.at).toBeTruthy();
    const countsAfter = (
      await request(app, "GET", "/api/admin/bank-credits/counts", { cookie: admin })
    ).json().data;
    expect(countsAfter.matched).toBe(countsBefore.matched - 1);
    expect(countsAfter.reversed).toBe(countsBefore.reversed + 1);
    // It cannot be allocated again, and the same line read again is a duplicate, not a new credit.
    const allocate = await request(app, "POST", `/api/admin/bank-credits/${credit.id}/allocate`, {
      cookie: admin,
      body: { userId: piet.id },
    });
    expect(allocate.statusCode).toBe(409);
    const again = await upload(
      app,
      fnbStatement([["2027/03/01", "88", "FNB APP PAYMENT FROM P DU TOIT", piet.reference]]),
    );
    expect(again.json().data.credits).toMatchObject({ matched: 0, duplicates: 1 });
    expect(await ledgerHolds(db)).toBe(true);
  });
});

describe("allocating and dismissing a waiting credit", () => {
  it("gives a review credit to the customer once, recorded with who and when", async ({ app, db }) => {
    await upload(app, fnbStatement([["2027/01/05", "33", "LUNCH", wrongCheck(anna.reference)]]));
    const [waiting] = (await credits(app, "review")).data.filter(
      (c: { amount: string }) => c.amount === "33.00",
    );
    const before = await balanceOf(db, anna.id);
    const allocate = (cookie = admin) =>
      request(app, "POST", `/api/admin/bank-credits/${waiting.id}/allocate`, {
        cookie,
        body: { userId: anna.id },
      });
    expect((await allocate(cook)).statusCode).toBe(403);
    const res = await allocate();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "matched", customer: { id: anna.id } });
    expect(res.json().data.resolvedBy).toBeTruthy();
    expect(res.json().data.resolvedAt).toBeTruthy();
    const again = await allocate();
    expect([again.statusCode, again.json().code]).toEqual([409, "already_allocated"]);
    expect(Number(await balanceOf(db, anna.id)) - Number(before)).toBe(33);
    expect(await ledgerHolds(db)).toBe(true);
  });

  it("dismisses an unallocated credit with a reason, and then it can be neither allocated nor dismissed", async ({
    app,
  }) => {
    await upload(app, fnbStatement([["2027/01/06", "44", "UNKNOWN PAYER", "NO REF"]]));
    const [waiting] = (await credits(app, "unallocated")).data.filter(
      (c: { amount: string }) => c.amount === "44.00",
    );
    const path = `/api/admin/bank-credits/${waiting.id}`;
    expect(
      (await request(app, "POST", `${path}/dismiss`, { cookie: admin, body: { reason: "x" } })).statusCode,
    ).toBe(400);
    const res = await request(app, "POST", `${path}/dismiss`, {
      cookie: admin,
      body: { reason: "Nie ons s'n nie" },
    });
    expect(res.json().data).toMatchObject({ status: "dismissed", dismissReason: "Nie ons s'n nie" });
    expect(
      (await request(app, "POST", `${path}/dismiss`, { cookie: admin, body: { reason: "Weer" } })).statusCode,
    ).toBe(409);
    const allocate = await request(app, "POST", `${path}/allocate`, {
      cookie: admin,
      body: { userId: anna.id },
    });
    expect(allocate.statusCode).toBe(409);
    expect(
      (
        await request(app, "POST", "/api/admin/bank-credits/abc/dismiss", {
          cookie: admin,
          body: { reason: "Niks hier" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("counts the credits per status for the tabs", async ({ app }) => {
    const counts = (await request(app, "GET", "/api/admin/bank-credits/counts", { cookie: admin })).json()
      .data;
    expect(Object.keys(counts).sort()).toEqual(["dismissed", "matched", "reversed", "review", "unallocated"]);
    expect(counts.dismissed).toBeGreaterThanOrEqual(1);
  });
});
