import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { z } from "zod";
import type { App } from "../../app";
import { type Db, queryRows } from "../../db/client";
import { guardianLinks } from "../../db/schema";
import { appTest } from "../../test/app-test";
import { ledgerSum } from "../../test/customer-fixtures";
import { createUser, sessionCookieFor } from "../../test/fixtures";
import { startFakeProviders } from "../../test/payment-providers";
import { request } from "../../test/request";
import { testBackend } from "../../test/test-app";
import { paramString } from "./providers/payfast";
import { signWebhook } from "./providers/yoco";

const fake = await startFakeProviders();
afterAll(() => fake.close());

/** Now, in the canteen: a fixed day, so "an hour later" is ours to say. */
let now = new Date("2031-03-03T08:00:00Z");

const it = appTest(() => ({
  clock: () => now,
  publicUrl: "https://kantien.example",
  payments: { simulator: true, payfastUrl: fake.url, yocoApiUrl: fake.url, payfastSources: ["127.0.0.1"] },
}));

const YOCO_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const PASSPHRASE = "jt7NOE43FZPn";
const MERCHANT = "10000100";
/** Yoco's keys as the admin enters them, and PayFast's. */
const YOCO_KEYS = { secretKey: "sk_test_key", webhookSecret: YOCO_SECRET };
const PAYFAST_KEYS = { merchantId: MERCHANT, merchantKey: "k", passphrase: PASSPHRASE };

type Cookies = { admin: string; student: string; guardian: string };

async function people(db: Db) {
  const admin = await createUser(db, { roleId: 4 });
  const student = await createUser(db, { roleId: 1 });
  const guardian = await createUser(db, { roleId: 5 });
  const learner = await createUser(db, { roleId: 1 });
  await db
    .insert(guardianLinks)
    .values({ guardianId: guardian.id, learnerId: learner.id, status: "active", isPrimary: true });
  const cookies: Cookies = {
    admin: await sessionCookieFor(db, admin.id, now),
    student: await sessionCookieFor(db, student.id, now),
    guardian: await sessionCookieFor(db, guardian.id, now),
  };
  return { admin, student, guardian, learner, cookies };
}

async function settings(app: App, cookie: string, body: Record<string, unknown>) {
  const base = {
    provider: null,
    sandbox: false,
    minAmount: "20",
    maxAmount: "2000",
    feeFixed: "0",
    feePercent: "0",
    merchantId: null,
  };
  return request(app, "PUT", "/api/canteen-settings/payments", { cookie, body: { ...base, ...body } });
}

const start = (app: App, cookie: string, amount: string, path = "/api/my/payments", key = randomUUID()) =>
  request(app, "POST", path, { cookie, body: { amount }, headers: { "idempotency-key": key } });

const status = async (db: Db, id: string) => {
  const [row] = await queryRows(
    db,
    sql`select status, provider_payment_id as "providerPaymentId", paid_amount::text as "paidAmount"
        from online_payments where id = ${id}`,
    z.object({
      status: z.string(),
      providerPaymentId: z.string().nullable(),
      paidAmount: z.string().nullable(),
    }),
  );
  return row;
};

const onlineCredits = (db: Db, userId: string) =>
  queryRows(
    db,
    sql`select amount::text as amount, paid_by as "paidBy", online_payment_id as "paymentId", created_by as "createdBy"
        from wallet_transactions where user_id = ${userId} and kind = 'online'`,
    z.object({
      amount: z.string(),
      paidBy: z.string().nullable(),
      paymentId: z.string().nullable(),
      createdBy: z.string().nullable(),
    }),
  );

/** Yoco's `payment.succeeded`, as its documentation shows it, for a checkout and an amount in cents. */
function yocoPaid(
  checkoutId: string,
  cents: number,
  paymentId = `p_${randomUUID().slice(0, 8)}`,
  mode = "live",
) {
  return JSON.stringify({
    id: `evt_${randomUUID().slice(0, 8)}`,
    type: "payment.succeeded",
    createdDate: new Date().toISOString(),
    payload: {
      id: paymentId,
      type: "payment",
      createdDate: new Date().toISOString(),
      amount: cents,
      currency: "ZAR",
      paymentMethodDetails: {
        type: "card",
        card: { expiryMonth: 2, expiryYear: 30, maskedCard: "************1111", scheme: "visa" },
      },
      status: "succeeded",
      mode,
      metadata: { checkoutId },
    },
  });
}

const postWebhook = (app: App, path: string, body: string, headers: Record<string, string>) =>
  request(app, "POST", path, { body, headers: { ...headers, "content-type": "application/json" } });

describe("online payment settings", () => {
  it("are the admins': secrets set or not, never sent back, sealed in the database", async ({ app, db }) => {
    const { cookies } = await people(db);
    const read = await request(app, "GET", "/api/canteen-settings/payments", { cookie: cookies.admin });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      provider: null,
      secretsSet: { merchantKey: false, passphrase: false, secretKey: false, webhookSecret: false },
      simulatorAllowed: true,
      notifyUrls: {
        payfast: "https://kantien.example/api/payments/payfast/notify",
        yoco: "https://kantien.example/api/payments/yoco/webhook",
      },
    });
    for (const who of ["student", "guardian"] as const) {
      expect(
        (await request(app, "GET", "/api/canteen-settings/payments", { cookie: cookies[who] })).statusCode,
      ).toBe(403);
    }

    // A provider without its keys cannot be chosen.
    const bare = await settings(app, cookies.admin, { provider: "yoco" });
    expect(bare.statusCode).toBe(409);
    expect(bare.json().code).toBe("payment_provider_not_ready");

    const saved = await settings(app, cookies.admin, {
      provider: "yoco",
      secretKey: "sk_test_960bfde0VBrLlpK098e4ffeb53e1",
      webhookSecret: YOCO_SECRET,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain("sk_test_960bfde0VBrLlpK098e4ffeb53e1");
    expect(saved.body).not.toContain(YOCO_SECRET);
    expect(saved.json().data.secretsSet).toEqual({
      merchantKey: false,
      passphrase: false,
      secretKey: true,
      webhookSecret: true,
    });
    const [row] = await queryRows(
      db,
      sql`select secret_key as "secretKey", webhook_secret as "webhookSecret" from payment_settings`,
      z.object({ secretKey: z.string(), webhookSecret: z.string() }),
    );
    expect(row!.secretKey).not.toContain("sk_test");
    expect(row!.webhookSecret).not.toContain("MfKQ9r8G");

    // Saved again without the secrets: they stay; null clears one (and Yoco is then not ready).
    expect(
      (await settings(app, cookies.admin, { provider: "yoco", feeFixed: "2,50" })).json().data,
    ).toMatchObject({
      feeFixed: "2.50",
      secretsSet: { secretKey: true, webhookSecret: true },
    });
    expect((await settings(app, cookies.admin, { provider: "yoco", secretKey: null })).json().code).toBe(
      "payment_provider_not_ready",
    );
    const refused = await settings(app, cookies.admin, {
      minAmount: "500",
      maxAmount: "100",
      feePercent: "11",
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(["feePercent", "maxAmount"]);
  });
});

describe("a top-up through the simulator", () => {
  it("credits the wallet once the payer pays on its page; cancelled or declined, nothing", async ({
    app,
    db,
  }) => {
    const { student, cookies } = await people(db);
    expect(
      (await settings(app, cookies.admin, { provider: "simulator", feeFixed: "1", feePercent: "2" }))
        .statusCode,
    ).toBe(200);
    const offer = await request(app, "GET", "/api/my/wallet", { cookie: cookies.student });
    expect(offer.json().data.online).toEqual({
      provider: "simulator",
      sandbox: false,
      minAmount: "20.00",
      maxAmount: "2000.00",
      feeFixed: "1.00",
      feePercent: "2.00",
    });

    const tooSmall = await start(app, cookies.student, "10");
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toMatch(/Laai tussen R.20,00 en R.2.000,00 op/);

    const key = randomUUID();
    const started = await start(app, cookies.student, "100", "/api/my/payments", key);
    expect(started.statusCode).toBe(201);
    const { id, redirectUrl } = started.json().data;
    // The same key answers the same payment and page.
    expect((await start(app, cookies.student, "100", "/api/my/payments", key)).json().data).toEqual({
      id,
      redirectUrl,
    });
    expect(redirectUrl).toMatch(/^https:\/\/kantien\.example\/api\/payments\/simulator\/checkout\/sim_/);
    const pagePath = new URL(redirectUrl).pathname;
    const page = await request(app, "GET", pagePath);
    expect(page.statusCode).toBe(200);
    // R 100 for the wallet, R 1 + 2% = R 3 fee.
    expect(page.body).toMatch(/R.103,00/);

    const mine = await request(app, "GET", `/api/my/payments/${id}`, { cookie: cookies.student });
    expect(mine.json().data).toEqual({
      id,
      status: "pending",
      amount: "100.00",
      fee: "3.00",
      balance: "0.00",
    });
    // Nobody else's.
    expect(
      (await request(app, "GET", `/api/my/payments/${id}`, { cookie: cookies.guardian })).statusCode,
    ).toBe(404);

    const paid = await request(app, "POST", pagePath, {
      body: "outcome=paid",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`https://kantien.example/my/wallet?payment=${id}`);
    expect(
      (await request(app, "GET", `/api/my/payments/${id}`, { cookie: cookies.student })).json().data,
    ).toMatchObject({
      status: "credited",
      balance: "100.00",
    });
    expect(await onlineCredits(db, student.id)).toEqual([
      { amount: "100.00", paidBy: student.id, paymentId: id, createdBy: null },
    ]);
    expect(await ledgerSum(db, student.id)).toEqual({ sum: "100.00", balance: "100.00" });
    // Its notification forged (unsigned, or signed with another secret) is refused, crediting nothing.
    const forged = yocoPaid((await checkoutOf(db, id)) ?? "", 10300);
    for (const headers of [{}, signWebhook(YOCO_SECRET, "msg_forged", new Date(), forged)]) {
      expect((await postWebhook(app, "/api/payments/simulator/notify", forged, headers)).statusCode).toBe(
        400,
      );
    }
    expect(await onlineCredits(db, student.id)).toHaveLength(1);
    // The day's report and the dashboard count it as money in by its own channel.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Johannesburg" }).format(now);
    const report = await request(app, "GET", `/api/reports/day?date=${today}`, { cookie: cookies.admin });
    expect(report.json().data.money.topUps.online).toMatchObject({ amount: "100.00", count: 1 });

    // Declined on the page: the payer is sent back, nothing is credited, the page says so.
    const second = (await start(app, cookies.student, "50")).json().data;
    const declined = await request(app, "POST", new URL(second.redirectUrl).pathname, {
      body: "outcome=failed",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(declined.headers.location).toBe(
      `https://kantien.example/my/wallet?payment=${second.id}&outcome=failed`,
    );
    const abandoned = await request(app, "POST", `/api/my/payments/${second.id}/abandon`, {
      cookie: cookies.student,
      body: { outcome: "failed" },
    });
    expect(abandoned.json().data).toMatchObject({ status: "failed", balance: "100.00" });
  });
});

describe("a top-up through Yoco", () => {
  beforeAll(() => {
    fake.state.yocoDown = false;
  });

  it("makes a checkout with the amount in cents and the payment as its idempotency key", async ({
    app,
    db,
  }) => {
    const { cookies, learner } = await people(db);
    await settings(app, cookies.admin, {
      provider: "yoco",
      feeFixed: "0",
      feePercent: "2.5",
      secretKey: "sk_test_key",
      webhookSecret: YOCO_SECRET,
    });
    const started = await start(app, cookies.guardian, "150", `/api/my/learners/${learner.id}/payments`);
    expect(started.statusCode).toBe(201);
    const { id, redirectUrl } = started.json().data;
    expect(redirectUrl).toMatch(/^https:\/\/c\.yoco\.com\/checkout\/ch_/);
    const call = fake.calls.filter((c) => c.path === "/api/checkouts").at(-1)!;
    expect(call.headers.authorization).toBe("Bearer sk_test_key");
    expect(call.headers["idempotency-key"]).toBe(id);
    expect(JSON.parse(call.body)).toMatchObject({
      amount: 15375,
      currency: "ZAR",
      successUrl: `https://kantien.example/my/wallet?payment=${id}`,
      cancelUrl: `https://kantien.example/my/wallet?payment=${id}&outcome=cancelled`,
      failureUrl: `https://kantien.example/my/wallet?payment=${id}&outcome=failed`,
    });

    // Yoco cannot be reached: 503 in the payer's words, a retry with the same key gets a checkout.
    fake.state.yocoDown = true;
    const key = randomUUID();
    const down = await start(app, cookies.guardian, "60", `/api/my/learners/${learner.id}/payments`, key);
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe("payment_provider_unreachable");
    fake.state.yocoDown = false;
    const again = await start(app, cookies.guardian, "60", `/api/my/learners/${learner.id}/payments`, key);
    expect(again.statusCode).toBe(201);
  });

  it("credits once on a signed webhook; replays, forgeries and stale ones change nothing", async ({
    app,
    db,
  }) => {
    const { cookies, learner, guardian } = await people(db);
    await settings(app, cookies.admin, { provider: "yoco", ...YOCO_KEYS });
    const { id } = (
      await start(app, cookies.guardian, "80", `/api/my/learners/${learner.id}/payments`)
    ).json().data;
    const checkoutId = await checkoutOf(db, id);
    const body = yocoPaid(checkoutId, 8000, "p_bx4bY9JA6r4UwAKFyAjHY2bE");
    const path = "/api/payments/yoco/webhook";

    const unsigned = await postWebhook(app, path, body, {});
    expect(unsigned.statusCode).toBe(400);
    const forged = await postWebhook(
      app,
      path,
      body,
      signWebhook("whsec_QW5vdGhlclNlY3JldEtleTEyMzQ=", "msg_1", new Date(), body),
    );
    expect(forged.statusCode).toBe(400);
    const stale = await postWebhook(
      app,
      path,
      body,
      signWebhook(YOCO_SECRET, "msg_2", new Date(Date.now() - 4 * 60_000), body),
    );
    expect(stale.statusCode).toBe(400);
    // Signed, then the amount changed on the way.
    const headers = signWebhook(YOCO_SECRET, "msg_3", new Date(), body);
    expect((await postWebhook(app, path, body.replace("8000", "800000"), headers)).statusCode).toBe(400);
    expect((await status(db, id))?.status).toBe("pending");
    expect(await onlineCredits(db, learner.id)).toEqual([]);

    expect((await postWebhook(app, path, body, headers)).statusCode).toBe(200);
    // Yoco retries with a new timestamp and signature: the same payment, credited once.
    const retried = await postWebhook(app, path, body, signWebhook(YOCO_SECRET, "msg_3", new Date(), body));
    expect(retried.statusCode).toBe(200);
    expect(await status(db, id)).toEqual({
      status: "credited",
      providerPaymentId: "p_bx4bY9JA6r4UwAKFyAjHY2bE",
      paidAmount: "80.00",
    });
    expect(await onlineCredits(db, learner.id)).toEqual([
      { amount: "80.00", paidBy: guardian.id, paymentId: id, createdBy: null },
    ]);
    expect(await ledgerSum(db, learner.id)).toEqual({ sum: "80.00", balance: "80.00" });
    // The guardian follows it on the return page.
    expect(
      (await request(app, "GET", `/api/my/payments/${id}`, { cookie: cookies.guardian })).json().data,
    ).toMatchObject({
      status: "credited",
      balance: "80.00",
    });
  });

  it("takes a refund made at Yoco back out of the wallet once; flags it when the money is spent", async ({
    app,
    db,
  }) => {
    const { cookies, student } = await people(db);
    await settings(app, cookies.admin, { provider: "yoco", ...YOCO_KEYS });
    const path = "/api/payments/yoco/webhook";
    const pay = async (amount: string, yocoPaymentId: string) => {
      const { id } = (await start(app, cookies.student, amount)).json().data;
      const body = yocoPaid(await checkoutOf(db, id), Math.round(Number(amount) * 100), yocoPaymentId);
      expect(
        (await postWebhook(app, path, body, signWebhook(YOCO_SECRET, `msg_${id}`, new Date(), body)))
          .statusCode,
      ).toBe(200);
      return id;
    };
    /** Yoco's `refund.succeeded`, as its documentation shows a full refund. */
    const refunded = (paymentId: string, cents: number, refundId: string) =>
      JSON.stringify({
        id: `evt_${refundId}`,
        type: "refund.succeeded",
        createdDate: new Date().toISOString(),
        payload: {
          id: refundId,
          type: "refund",
          createdDate: new Date().toISOString(),
          amount: cents,
          currency: "ZAR",
          paymentId,
          status: "succeeded",
          mode: "test",
          metadata: { checkoutId: "ch_9LVKD8GnAj7f39DFbn4F16bE" },
        },
      });
    const first = await pay("50", "p_refund_1");
    const body = refunded("p_refund_1", 5000, "rfd_ZgjMZb2A8VpSAZBte6ku1w6E");
    expect(
      (await postWebhook(app, path, body, signWebhook(YOCO_SECRET, "msg_r1", new Date(), body))).statusCode,
    ).toBe(200);
    // Yoco again: recorded once.
    expect(
      (await postWebhook(app, path, body, signWebhook(YOCO_SECRET, "msg_r1", new Date(), body))).statusCode,
    ).toBe(200);
    expect((await status(db, first))?.status).toBe("refunded");
    expect(await ledgerSum(db, student.id)).toEqual({ sum: "0.00", balance: "0.00" });

    // Spent before the refund came: the wallet is not taken below zero, an admin is told.
    const second = await pay("40", "p_refund_2");
    await db.execute(sql`update wallets set balance = 0 where user_id = ${student.id}`);
    await db.execute(sql`insert into wallet_transactions (user_id, amount, kind, balance_after, created_at)
                         values (${student.id}, -40, 'order', 0, now())`);
    const late = refunded("p_refund_2", 4000, "rfd_2");
    expect(
      (await postWebhook(app, path, late, signWebhook(YOCO_SECRET, "msg_r2", new Date(), late))).statusCode,
    ).toBe(200);
    expect((await status(db, second))?.status).toBe("flagged");
    const flagged = await request(app, "GET", "/api/admin/payments?status=flagged", {
      cookie: cookies.admin,
    });
    const mine = (rows: { customerId: string }[]) => rows.filter((row) => row.customerId === student.id);
    expect(mine(flagged.json().data)).toEqual([
      expect.objectContaining({ id: second, refundedAmount: "40.00" }),
    ]);
    expect(await ledgerSum(db, student.id)).toEqual({ sum: "0.00", balance: "0.00" });
  });

  it("asks Yoco about a payment whose webhook never came, and settles it as the webhook would", async ({
    app,
    db,
  }) => {
    const { cookies, student } = await people(db);
    await settings(app, cookies.admin, { provider: "yoco", ...YOCO_KEYS });
    const started = now;
    const { id } = (await start(app, cookies.student, "45")).json().data;
    const checkoutId = await checkoutOf(db, id);
    const read = async () =>
      (await request(app, "GET", `/api/my/payments/${id}`, { cookie: cookies.student })).json().data.status;
    fake.state.checkoutStates.set(checkoutId, {
      id: checkoutId,
      status: "completed",
      amount: 4500,
      currency: "ZAR",
      paymentId: "p_polled",
    });
    // Too soon: the provider is not asked yet.
    expect(await read()).toBe("pending");
    now = new Date(started.getTime() + 30_000);
    try {
      // The return page's read asks Yoco, and the payment is credited once.
      expect(await read()).toBe("credited");
      expect(await status(db, id)).toMatchObject({ providerPaymentId: "p_polled", paidAmount: "45.00" });
      // The webhook arriving after all changes nothing.
      const body = yocoPaid(checkoutId, 4500, "p_polled");
      await postWebhook(
        app,
        "/api/payments/yoco/webhook",
        body,
        signWebhook(YOCO_SECRET, "msg_p", new Date(), body),
      );
      expect(await onlineCredits(db, student.id)).toHaveLength(1);

      // The background check: a checkout not completed, or answered in a shape we do not know, waits.
      const second = (await start(app, cookies.student, "25")).json().data.id;
      const secondCheckout = await checkoutOf(db, second);
      now = new Date(started.getTime() + 90_000);
      fake.state.checkoutStates.set(secondCheckout, { id: secondCheckout, status: "started", amount: 2500 });
      await app.checkPendingPayments();
      expect((await status(db, second))?.status).toBe("pending");
      fake.state.checkoutStates.set(secondCheckout, { status: "completed", paid: true });
      now = new Date(started.getTime() + 120_000);
      await app.checkPendingPayments();
      expect((await status(db, second))?.status).toBe("pending");
    } finally {
      now = started;
    }
  });

  it("in the sandbox runs the whole path and credits nothing; test money for a live payment is flagged", async ({
    app,
    db,
  }) => {
    const { cookies, student } = await people(db);
    await settings(app, cookies.admin, { provider: "yoco", sandbox: true, ...YOCO_KEYS });
    expect(
      (await request(app, "GET", "/api/my/wallet", { cookie: cookies.student })).json().data.online.sandbox,
    ).toBe(true);
    const tested = (await start(app, cookies.student, "30")).json().data.id;
    const body = yocoPaid(await checkoutOf(db, tested), 3000);
    await postWebhook(
      app,
      "/api/payments/yoco/webhook",
      body,
      signWebhook(YOCO_SECRET, "msg_t1", new Date(), body),
    );
    expect((await status(db, tested))?.status).toBe("test");

    await settings(app, cookies.admin, { provider: "yoco", sandbox: false });
    const live = (await start(app, cookies.student, "30")).json().data.id;
    const testMoney = yocoPaid(await checkoutOf(db, live), 3000, undefined, "test");
    await postWebhook(
      app,
      "/api/payments/yoco/webhook",
      testMoney,
      signWebhook(YOCO_SECRET, "msg_t2", new Date(), testMoney),
    );
    expect((await status(db, live))?.status).toBe("flagged");
    expect(await onlineCredits(db, student.id)).toEqual([]);
  });

  it("flags a payment whose notification names another amount, and credits nothing", async ({ app, db }) => {
    const { cookies, student } = await people(db);
    await settings(app, cookies.admin, { provider: "yoco", ...YOCO_KEYS });
    const { id } = (await start(app, cookies.student, "40")).json().data;
    const body = yocoPaid(await checkoutOf(db, id), 3999);
    const answer = await postWebhook(
      app,
      "/api/payments/yoco/webhook",
      body,
      signWebhook(YOCO_SECRET, "msg_9", new Date(), body),
    );
    expect(answer.statusCode).toBe(200);
    expect(await status(db, id)).toMatchObject({
      status: "flagged",
      paidAmount: "39.99",
    });
    expect(await onlineCredits(db, student.id)).toEqual([]);
    const flagged = await request(app, "GET", "/api/admin/payments?status=flagged", {
      cookie: cookies.admin,
    });
    expect(
      flagged.json().data.filter((row: { customerId: string }) => row.customerId === student.id),
    ).toEqual([
      expect.objectContaining({ id, status: "flagged", provider: "yoco", amount: "40.00", overdue: false }),
    ]);
  });

  it.runIf(testBackend === "postgres")(
    "credits once when copies of a notification arrive together (PostgreSQL)",
    async ({ app, db }) => {
      const { cookies, student } = await people(db);
      await settings(app, cookies.admin, { provider: "yoco", ...YOCO_KEYS });
      const { id } = (await start(app, cookies.student, "70")).json().data;
      const body = yocoPaid(await checkoutOf(db, id), 7000);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          postWebhook(
            app,
            "/api/payments/yoco/webhook",
            body,
            signWebhook(YOCO_SECRET, `msg_${i}`, new Date(), body),
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(await onlineCredits(db, student.id)).toHaveLength(1);
      expect(await ledgerSum(db, student.id)).toEqual({ sum: "70.00", balance: "70.00" });
    },
  );
});

async function checkoutOf(db: Db, paymentId: string): Promise<string> {
  const [row] = await queryRows(
    db,
    sql`select checkout_id as "checkoutId" from online_payments where id = ${paymentId}`,
    z.object({ checkoutId: z.string() }),
  );
  return row!.checkoutId;
}

/** An ITN as PayFast posts it, signed with the passphrase, for our payment and the amount paid. */
function payfastItn(
  paymentId: string,
  gross: string,
  { pfPaymentId = "1089250", status = "COMPLETE", merchant = MERCHANT, passphrase = PASSPHRASE } = {},
) {
  const pairs: [string, string][] = [
    ["m_payment_id", paymentId],
    ["pf_payment_id", pfPaymentId],
    ["payment_status", status],
    ["item_name", "Kantien wallet top-up"],
    ["item_description", ""],
    ["amount_gross", gross],
    ["amount_fee", "-2.30"],
    ["amount_net", (Number(gross) - 2.3).toFixed(2)],
    ["custom_str1", ""],
    ["name_first", "Sanet"],
    ["name_last", "Botha"],
    ["email_address", "sanet+ouer@example.com"],
    ["merchant_id", merchant],
  ];
  const signature = createHash("md5")
    .update(`${paramString(pairs)}&passphrase=${passphrase}`)
    .digest("hex");
  return `${paramString(pairs)}&signature=${signature}`;
}

const postItn = (app: App, body: string, remoteAddress = "127.0.0.1") =>
  request(app, "POST", "/api/payments/payfast/notify", {
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    remoteAddress,
  });

describe("a top-up through PayFast", () => {
  beforeAll(() => {
    fake.state.validateAnswer = "VALID";
  });

  it("posts PayFast's signed form, and credits once on an ITN PayFast confirms", async ({ app, db }) => {
    const { cookies, student } = await people(db);
    const bare = await settings(app, cookies.admin, {
      provider: "payfast",
      merchantId: MERCHANT,
      merchantKey: "46f0cd694581a",
    });
    expect(bare.json().code).toBe("payment_provider_not_ready");
    await settings(app, cookies.admin, {
      provider: "payfast",
      merchantId: MERCHANT,
      merchantKey: "46f0cd694581a",
      passphrase: PASSPHRASE,
      feeFixed: "2",
    });
    const started = await start(app, cookies.student, "100");
    expect(started.statusCode).toBe(201);
    const { id, form } = started.json().data;
    expect(form.action).toBe(`${fake.url}/eng/process`);
    const fields = new Map<string, string>(form.fields);
    expect(Object.fromEntries(fields)).toMatchObject({
      merchant_id: MERCHANT,
      merchant_key: "46f0cd694581a",
      return_url: `https://kantien.example/my/wallet?payment=${id}`,
      cancel_url: `https://kantien.example/my/wallet?payment=${id}&outcome=cancelled`,
      notify_url: "https://kantien.example/api/payments/payfast/notify",
      m_payment_id: id,
      amount: "102.00",
    });
    // The signature covers the fields as sent, with the passphrase.
    const unsigned = (form.fields as [string, string][]).filter(([name]) => name !== "signature");
    expect(fields.get("signature")).toBe(
      createHash("md5")
        .update(`${paramString(unsigned)}&passphrase=${PASSPHRASE}`)
        .digest("hex"),
    );

    const itn = payfastItn(id, "102.00");
    const answer = await postItn(app, itn);
    expect(answer.statusCode).toBe(200);
    // The next request waits for the checks PayFast's 200 went ahead of.
    expect(
      (await request(app, "GET", `/api/my/payments/${id}`, { cookie: cookies.student })).json().data.status,
    ).toBe("credited");
    // The validate call posted the ITN's own parameter string.
    const validate = fake.calls.filter((c) => c.path === "/eng/query/validate").at(-1)!;
    expect(validate.body).toBe(itn.replace(/&signature=.*$/, ""));
    expect(await onlineCredits(db, student.id)).toEqual([
      { amount: "100.00", paidBy: student.id, paymentId: id, createdBy: null },
    ]);

    // The same ITN again (PayFast retries until it hears 200): nothing more.
    expect((await postItn(app, itn)).statusCode).toBe(200);
    await app.paymentWorkDone();
    expect(await onlineCredits(db, student.id)).toHaveLength(1);
  });

  it("refuses an ITN that is mis-signed, another merchant's or from elsewhere, and changes nothing", async ({
    app,
    db,
  }) => {
    const { cookies, student } = await people(db);
    await settings(app, cookies.admin, { provider: "payfast", ...PAYFAST_KEYS });
    const { id } = (await start(app, cookies.student, "60")).json().data;
    const refusals = [
      payfastItn(id, "60.00", { passphrase: "another" }),
      payfastItn(id, "60.00", { merchant: "10000101" }),
      payfastItn(id, "60.00").replace("amount_gross=60.00", "amount_gross=6.00"),
      payfastItn(id, "60.00").replace(/&signature=.*$/, ""),
      payfastItn("not-a-payment", "60.00"),
      payfastItn(randomUUID(), "60.00"),
      "",
    ];
    for (const itn of refusals) {
      const answer = await postItn(app, itn);
      expect(answer.statusCode, itn).toBe(400);
      expect(answer.json().code).toBe("payment_notification_refused");
    }
    expect((await postItn(app, payfastItn(id, "60.00"), "10.9.8.7")).statusCode).toBe(400);
    expect((await status(db, id))?.status).toBe("pending");
    expect(await onlineCredits(db, student.id)).toEqual([]);
  });

  it("credits nothing unless PayFast confirms it; flags another amount; a cancel ends a pending payment", async ({
    app,
    db,
  }) => {
    const { cookies, student } = await people(db);
    await settings(app, cookies.admin, { provider: "payfast", ...PAYFAST_KEYS });
    const first = (await start(app, cookies.student, "60")).json().data.id;
    fake.state.validateAnswer = "INVALID";
    expect((await postItn(app, payfastItn(first, "60.00", { pfPaymentId: "1" }))).statusCode).toBe(200);
    await app.paymentWorkDone();
    expect((await status(db, first))?.status).toBe("pending");
    fake.state.validateAnswer = "VALID";

    expect((await postItn(app, payfastItn(first, "59.00", { pfPaymentId: "2" }))).statusCode).toBe(200);
    await app.paymentWorkDone();
    expect(await status(db, first)).toEqual({
      status: "flagged",
      providerPaymentId: "2",
      paidAmount: "59.00",
    });

    const second = (await start(app, cookies.student, "70")).json().data.id;
    await postItn(app, payfastItn(second, "70.00", { pfPaymentId: "3", status: "CANCELLED" }));
    await app.paymentWorkDone();
    expect((await status(db, second))?.status).toBe("cancelled");
    expect(await onlineCredits(db, student.id)).toEqual([]);
    // The payer paid after all (another try on PayFast's page): the money came, so it is credited.
    await postItn(app, payfastItn(second, "70.00", { pfPaymentId: "4" }));
    await app.paymentWorkDone();
    expect((await status(db, second))?.status).toBe("credited");
    expect(await onlineCredits(db, student.id)).toHaveLength(1);
  });
});

describe("the money screen's online payments", () => {
  it("lists them newest first by status, and marks one pending for over an hour", async ({ app, db }) => {
    // Sessions of the day the list is read on.
    now = new Date("2031-03-04T06:00:00Z");
    const { cookies, student } = await people(db);
    await settings(app, cookies.admin, { provider: "simulator" });
    const old = (await start(app, cookies.student, "25")).json().data.id;
    now = new Date("2031-03-04T07:30:00Z");
    const fresh = (await start(app, cookies.student, "30")).json().data.id;
    const pending = await request(app, "GET", "/api/admin/payments?status=pending", {
      cookie: cookies.admin,
    });
    expect(pending.statusCode).toBe(200);
    const rows = pending.json().data.filter((row: { customerId: string }) => row.customerId === student.id);
    expect(rows.map((row: { id: string; overdue: boolean }) => [row.id, row.overdue])).toEqual([
      [fresh, false],
      [old, true],
    ]);
    expect(rows[0]).toMatchObject({
      provider: "simulator",
      amount: "30.00",
      customerName: "Toets Gebruiker 1",
      paidByName: null,
    });
    expect(
      (await request(app, "GET", "/api/admin/payments?status=lost", { cookie: cookies.admin })).statusCode,
    ).toBe(400);
    expect((await request(app, "GET", "/api/admin/payments", { cookie: cookies.student })).statusCode).toBe(
      403,
    );
  });
});
