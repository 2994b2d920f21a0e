import { randomBytes } from "node:crypto";
import { formatRand } from "@kantien/domain/money";
import {
  type AdminPayment,
  adminPaymentSchema,
  type MyPayment,
  ONLINE_PAYMENT_STATUSES,
  type OnlinePaymentStatus,
  PAYMENT_OVERDUE_MINUTES,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentStart,
  paymentFee,
  paymentTotal,
} from "@kantien/domain/online-payments";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config";
import { type Db, queryRows, type Tx } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { idempotent } from "../../idempotency";
import { bookMoneyIn } from "../money-in/book";
import { moveWalletMoney, walletBalance } from "../wallets/ledger";
import { parsePayfastNotice, payfastConfirms, payfastSite, signedPayfastForm } from "./providers/payfast";
import { createYocoCheckout, fetchYocoCheckout, ProviderUnreachable } from "./providers/yoco";
import type { SecretBox } from "./secret-box";
import { type PaymentSetup, readPaymentSetup, topUpOffer } from "./settings";

/** What the payments need of the app: the database, the sealed keys, and where things are. */
export type PaymentsContext = {
  db: Db;
  box: SecretBox;
  config: Pick<Config, "publicUrl" | "canteenName" | "clock" | "payments">;
  simulatorAllowed: boolean;
  /** Work a notification goes on with after its answer (PayFast's checks, the simulator's notice). */
  inFlight: Set<Promise<unknown>>;
};

/** Keeps `work` among the payments' work in flight until it ends: the app's close waits for it. */
export function keepInFlight(ctx: PaymentsContext, work: Promise<unknown>): void {
  ctx.inFlight.add(work);
  void work.finally(() => ctx.inFlight.delete(work));
}

const cents = (rand: string) => Math.round(Number(rand) * 100);

const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  payfast: "PayFast",
  yoco: "Yoco",
  simulator: "Simulator",
};

const paymentRow = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  sandbox: z.boolean(),
  userId: z.string(),
  paidBy: z.string().nullable(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  checkoutId: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  createdAt: z.coerce.date(),
});
type PaymentRow = z.infer<typeof paymentRow>;

const paymentColumns = sql`id, provider, sandbox, user_id as "userId", paid_by as "paidBy",
  amount::text as amount, fee::text as fee, status, checkout_id as "checkoutId",
  redirect_url as "redirectUrl", provider_payment_id as "providerPaymentId", created_at as "createdAt"`;

async function paymentById(db: Db | Tx, id: string, { lock = false } = {}): Promise<PaymentRow | undefined> {
  const [row] = await queryRows(
    db,
    sql`select ${paymentColumns} from online_payments where id = ${id} ${lock ? sql`for update` : sql``}`,
    paymentRow,
  );
  return row;
}

/** The page a payer comes back to from the provider: it waits for the notification. */
const returnUrl = (config: PaymentsContext["config"], id: string, outcome?: "cancelled" | "failed") =>
  `${config.publicUrl}/my/wallet?payment=${id}${outcome ? `&outcome=${outcome}` : ""}`;

/**
 * Starts a top-up of `subject`'s wallet paid by `payer` (the same person, or a guardian):
 * refused unless the canteen takes online payments (409) and the amount is within its limits
 * (400). Once per Idempotency-Key: a retried start answers the same payment and checkout.
 */
export async function startPayment(
  ctx: PaymentsContext,
  { subject, payer, amount, key }: { subject: string; payer: string; amount: string; key: string },
): Promise<{ id: string; start: PaymentStart }> {
  const setup = await readPaymentSetup(ctx.db, ctx.box);
  const offer = topUpOffer(setup, ctx.simulatorAllowed);
  if (offer === null) throw new AppError("payments_off");
  if (Number(amount) < Number(offer.minAmount) || Number(amount) > Number(offer.maxAmount)) {
    throw new AppError("payment_amount_out_of_range", { min: offer.minAmount, max: offer.maxAmount }, () => ({
      min: formatRand(offer.minAmount),
      max: formatRand(offer.maxAmount),
    }));
  }
  const fee = paymentFee(amount, offer);
  const { body } = await idempotent(
    ctx.db,
    {
      scope: "online-payment",
      key,
      userId: payer,
      request: { subject, amount },
      body: z.object({ id: z.string() }),
    },
    async (tx) => {
      const [made] = await queryRows(
        tx,
        sql`insert into online_payments (provider, sandbox, user_id, paid_by, amount, fee, created_at)
            values (${offer.provider}, ${offer.sandbox}, ${subject}, ${payer}, ${amount}, ${fee}, ${ctx.config.clock()})
            returning id`,
        z.object({ id: z.string() }),
      );
      return { statusCode: 201, body: { id: made!.id } };
    },
  );
  const payment = await paymentById(ctx.db, body.id);
  if (!payment) throw new Error("a payment just made is gone");
  // A start sent again long after: its payment is over, it is not paid a second time.
  if (payment.status !== "pending") throw new AppError("payment_already_settled");
  return { id: payment.id, start: await checkoutOf(ctx, setup, payment) };
}

/**
 * Where the payer pays: PayFast's signed form (made again each time, the same), or the page of a
 * checkout made at the provider once (a retry finds it kept; Yoco's idempotency key is the
 * payment's id, so two starts at once get one checkout).
 */
async function checkoutOf(
  ctx: PaymentsContext,
  setup: PaymentSetup,
  payment: PaymentRow,
): Promise<PaymentStart> {
  const { config } = ctx;
  const total = paymentTotal(payment.amount, payment.fee);
  if (payment.provider === "payfast") {
    const fields = signedPayfastForm(
      {
        merchant_id: setup.merchantId ?? "",
        merchant_key: setup.secrets.merchantKey ?? "",
        return_url: returnUrl(config, payment.id),
        cancel_url: returnUrl(config, payment.id, "cancelled"),
        notify_url: `${config.publicUrl}/api/payments/payfast/notify`,
        m_payment_id: payment.id,
        amount: total,
        item_name: `${config.canteenName} wallet top-up`,
      },
      setup.secrets.passphrase,
    );
    return {
      form: { action: `${payfastSite(config.payments.payfastUrl, payment.sandbox)}/eng/process`, fields },
    };
  }
  if (payment.checkoutId !== null && payment.redirectUrl !== null)
    return { redirectUrl: payment.redirectUrl };
  let checkout: { id: string; redirectUrl: string };
  if (payment.provider === "simulator") {
    const id = `sim_${randomBytes(12).toString("hex")}`;
    checkout = { id, redirectUrl: `${config.publicUrl}/api/payments/simulator/checkout/${id}` };
  } else {
    const secretKey = setup.secrets.secretKey;
    if (secretKey === null) throw new AppError("payment_provider_not_ready");
    try {
      checkout = await createYocoCheckout(config.payments.yocoApiUrl, secretKey, {
        paymentId: payment.id,
        amountCents: cents(total),
        successUrl: returnUrl(config, payment.id),
        cancelUrl: returnUrl(config, payment.id, "cancelled"),
        failureUrl: returnUrl(config, payment.id, "failed"),
      });
    } catch (error) {
      if (error instanceof ProviderUnreachable) throw new AppError("payment_provider_unreachable");
      throw error;
    }
  }
  // The first checkout kept wins; a start racing this one answers that one.
  await ctx.db.execute(
    sql`update online_payments set checkout_id = ${checkout.id}, redirect_url = ${checkout.redirectUrl}
        where id = ${payment.id} and checkout_id is null`,
  );
  const kept = await paymentById(ctx.db, payment.id);
  return { redirectUrl: kept?.redirectUrl ?? checkout.redirectUrl };
}

/** A payment as its payer (or the wallet's owner) sees it, with the wallet's balance now. */
export async function readMyPayment(
  db: Db,
  { person, id }: { person: string; id: string },
): Promise<MyPayment> {
  const payment = await paymentById(db, id);
  if (!payment || (payment.paidBy !== person && payment.userId !== person)) throw notFound();
  return {
    id: payment.id,
    status: payment.status,
    amount: payment.amount,
    fee: payment.fee,
    balance: await walletBalance(db, payment.userId),
  };
}

/**
 * The payer came back from the provider's page without paying (cancelled, or failed: Yoco sends
 * no notification for either). Only a pending payment changes; a notification that the money
 * was paid after all still credits it.
 */
export async function abandonPayment(
  ctx: PaymentsContext,
  { person, id, outcome }: { person: string; id: string; outcome: "cancelled" | "failed" },
): Promise<MyPayment> {
  const payment = await paymentById(ctx.db, id);
  if (!payment || (payment.paidBy !== person && payment.userId !== person)) throw notFound();
  await ctx.db.execute(
    sql`update online_payments set status = ${outcome}, settled_at = ${ctx.config.clock()}
        where id = ${id} and status = 'pending'`,
  );
  return readMyPayment(ctx.db, { person, id });
}

/** What a verified notification says of a payment. */
export type PaymentNotice = {
  provider: PaymentProvider;
  /** Our payment (PayFast's m_payment_id) or the provider's checkout it was made for. */
  payment: { id: string } | { checkoutId: string };
  providerPaymentId: string;
  outcome: "paid" | "failed" | "cancelled";
  /** What the payer paid, in cents (for `paid`). */
  paidCents: number;
  /** The provider says the money was test money (Yoco's `mode: "test"`). */
  test: boolean;
};

export type Settled = "credited" | "flagged" | "failed" | "cancelled" | "test" | "unchanged" | "unknown";

/** A payment settled for good: a later notification of it changes nothing. */
const SETTLED_FOR_GOOD: readonly OnlinePaymentStatus[] = ["credited", "flagged", "refunded", "test"];

/**
 * Settles a payment by a verified notification, once: the payment's row is locked, so copies of
 * one notification arriving together wait for each other, and a copy that finds it settled
 * changes nothing. `paid` credits the wallet (also after a cancel or a failure: the money did
 * come) when the amount is the payment's to the cent, else flags it for an admin and credits
 * nothing; `failed` and `cancelled` only end a pending payment. An unknown payment is 400.
 */
export async function settlePayment(ctx: PaymentsContext, notice: PaymentNotice): Promise<Settled> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await queryRows(
      tx,
      "id" in notice.payment
        ? sql`select id from online_payments where id = ${notice.payment.id}::uuid and provider = ${notice.provider}`
        : sql`select id from online_payments
              where checkout_id = ${notice.payment.checkoutId} and provider = ${notice.provider}`,
      z.object({ id: z.string() }),
    );
    const payment = found && (await paymentById(tx, found.id, { lock: true }));
    if (!payment) return "unknown";
    const at = ctx.config.clock();
    if (notice.outcome !== "paid") {
      if (payment.status !== "pending") return "unchanged";
      await tx.execute(
        sql`update online_payments set status = ${notice.outcome}, settled_at = ${at} where id = ${payment.id}`,
      );
      return notice.outcome;
    }
    if (SETTLED_FOR_GOOD.includes(payment.status)) return "unchanged";
    const expected = cents(paymentTotal(payment.amount, payment.fee));
    const paid = { at, providerPaymentId: notice.providerPaymentId, paidCents: notice.paidCents };
    // Another amount, or test money for a live payment: an admin looks, nothing is credited.
    if (notice.paidCents !== expected || (notice.test && !payment.sandbox)) {
      await setStatus(tx, payment.id, "flagged", paid);
      return "flagged";
    }
    // The provider's sandbox: the whole path ran, and no money came.
    if (payment.sandbox) {
      await setStatus(tx, payment.id, "test", paid);
      return "test";
    }
    await setStatus(tx, payment.id, "credited", paid);
    await bookMoneyIn(tx, {
      channel: "online",
      userId: payment.userId,
      amount: payment.amount,
      reason: null,
      actor: null,
      at,
      onlinePaymentId: payment.id,
      paidBy: payment.paidBy,
      mail: { config: ctx.config },
    });
    return "credited";
  });
}

/**
 * A PayFast ITN whose signature, merchant and source the route checked: PayFast's validate call
 * (on the payment's own site, sandbox or live) must say VALID, then `COMPLETE` pays and
 * `CANCELLED` cancels, anything else waits. When PayFast does not answer, the ITN is kept on the
 * payment and confirmed again by the background check: PayFast sends it once after its 200.
 */
export async function confirmPayfastNotice(ctx: PaymentsContext, raw: string): Promise<Settled | "waiting"> {
  const notice = parsePayfastNotice(raw);
  const paymentId = notice?.fields.get("m_payment_id") ?? "";
  const payment =
    notice && z.uuid().safeParse(paymentId).success ? await paymentById(ctx.db, paymentId) : undefined;
  if (!notice || payment?.provider !== "payfast") return "unknown";
  const verdict = await payfastConfirms(payfastSite(ctx.config.payments.payfastUrl, payment.sandbox), notice);
  if (verdict === "unknown") {
    await ctx.db.execute(
      sql`update online_payments set waiting_notice = ${raw} where id = ${payment.id} and status = 'pending'`,
    );
    return "waiting";
  }
  await ctx.db.execute(sql`update online_payments set waiting_notice = null where id = ${payment.id}`);
  const status = notice.fields.get("payment_status");
  const providerPaymentId = notice.fields.get("pf_payment_id") ?? "";
  const outcome = status === "COMPLETE" ? "paid" : status === "CANCELLED" ? "cancelled" : null;
  if (verdict === "invalid" || outcome === null || !/^\d{1,20}$/.test(providerPaymentId)) return "unchanged";
  const gross = notice.fields.get("amount_gross") ?? "";
  return settlePayment(ctx, {
    provider: "payfast",
    payment: { id: payment.id },
    providerPaymentId,
    outcome,
    paidCents: /^\d{1,8}(\.\d{1,2})?$/.test(gross) ? Math.round(Number(gross) * 100) : -1,
    test: false,
  });
}

/** A pending payment is asked about at its provider no sooner than this after it started… */
const CHECK_AFTER_MS = 20_000;
/** …and no more often than this per payment (the return page asks every half second). */
const CHECK_EVERY_MS = 15_000;
/** After a day a payment without a word is the admin's to settle at the provider. */
const CHECK_UNTIL_MS = 24 * 60 * 60_000;
const lastChecked = new Map<string, number>();

/**
 * Asks the provider how a pending payment stands, for a server its notifications cannot reach
 * (decision 0074): Yoco's checkout, paid when it is completed with a payment of the payment's
 * amount (settled as a notification would be, once). PayFast documents no look-up by our
 * payment's id, and the simulator always notifies: those wait for their notification.
 */
export async function checkAtProvider(ctx: PaymentsContext, id: string): Promise<void> {
  const payment = await paymentById(ctx.db, id);
  if (payment?.status !== "pending" || payment.provider !== "yoco" || payment.checkoutId === null) return;
  if (ctx.config.clock().getTime() - payment.createdAt.getTime() < CHECK_AFTER_MS) return;
  const now = Date.now();
  if (now - (lastChecked.get(id) ?? 0) < CHECK_EVERY_MS) return;
  lastChecked.set(id, now);
  if (lastChecked.size > 10_000) lastChecked.clear();
  const setup = await readPaymentSetup(ctx.db, ctx.box);
  if (setup.secrets.secretKey === null) return;
  const state = await fetchYocoCheckout(
    ctx.config.payments.yocoApiUrl,
    setup.secrets.secretKey,
    payment.checkoutId,
  );
  if (!state?.paid) return;
  await settlePayment(ctx, {
    provider: "yoco",
    payment: { checkoutId: payment.checkoutId },
    providerPaymentId: state.paid.paymentId,
    outcome: "paid",
    paidCents: state.paid.cents,
    test: state.paid.test,
  });
}

/**
 * The background check: PayFast's ITNs still waiting for its confirmation, and every pending Yoco
 * payment old enough to ask about, and young enough to.
 */
export async function checkPendingPayments(ctx: PaymentsContext): Promise<void> {
  const waiting = await queryRows(
    ctx.db,
    sql`select waiting_notice as raw from online_payments
        where status = 'pending' and provider = 'payfast' and waiting_notice is not null
        order by created_at limit 100`,
    z.object({ raw: z.string() }),
  );
  for (const { raw } of waiting) await confirmPayfastNotice(ctx, raw);
  const now = ctx.config.clock().getTime();
  const pending = await queryRows(
    ctx.db,
    sql`select id from online_payments
        where status = 'pending' and provider = 'yoco'
          and created_at between ${new Date(now - CHECK_UNTIL_MS)} and ${new Date(now - CHECK_AFTER_MS)}
        order by created_at limit 100`,
    z.object({ id: z.string() }),
  );
  for (const { id } of pending) await checkAtProvider(ctx, id);
}

/** What a verified notification says of a refund made at the provider. */
export type RefundNotice = {
  provider: PaymentProvider;
  /** The provider's id of the payment refunded. */
  providerPaymentId: string;
  refundId: string;
  refundedCents: number;
};

/**
 * Records a refund the provider reports, once (its id is kept on the payment): the wallet gives
 * back what it got, at most the payment's amount (the fee is the provider's affair), as a
 * `reversal` of the credit. A wallet that no longer holds it is not taken below zero: the payment
 * is flagged for an admin. A refund of a payment not credited here changes nothing.
 */
export async function refundPayment(
  ctx: PaymentsContext,
  notice: RefundNotice,
): Promise<Settled | "refunded"> {
  return ctx.db.transaction(async (tx) => {
    const [found] = await queryRows(
      tx,
      sql`select id, status, refund_id as "refundIds" from online_payments
          where provider = ${notice.provider} and provider_payment_id = ${notice.providerPaymentId}
          for update`,
      z.object({ id: z.string(), status: z.enum(ONLINE_PAYMENT_STATUSES), refundIds: z.string().nullable() }),
    );
    if (!found) return "unchanged";
    const seen = found.refundIds?.split(" ") ?? [];
    if (seen.includes(notice.refundId)) return "unchanged";
    const recordRefund = (status: OnlinePaymentStatus) =>
      tx.execute(
        sql`update online_payments set status = ${status},
              refund_id = ${[...seen, notice.refundId].join(" ")},
              refunded_amount = coalesce(refunded_amount, 0) + ${(notice.refundedCents / 100).toFixed(2)}::numeric
            where id = ${found.id}`,
      );
    // A second refund, or one of a payment never credited here: recorded, and an admin looks.
    if (seen.length > 0 || found.status !== "credited") {
      await recordRefund(
        found.status === "credited" || found.status === "refunded" ? "flagged" : found.status,
      );
      return "flagged";
    }
    const payment = await paymentById(tx, found.id);
    const [credit] = await queryRows(
      tx,
      sql`select t.id::text as id, exists (select 1 from wallet_transactions r where r.reverses_id = t.id) as reversed
          from wallet_transactions t where t.online_payment_id = ${found.id} and t.kind = 'online'`,
      z.object({ id: z.string(), reversed: z.boolean() }),
    );
    if (!payment || !credit) return "unchanged";
    // An admin reversed it by hand already: the wallet gave it back once.
    if (credit.reversed) {
      await recordRefund("refunded");
      return "refunded";
    }
    const back = Math.min(notice.refundedCents, cents(payment.amount));
    const entry =
      back > 0
        ? await moveWalletMoney(tx, {
            userId: payment.userId,
            amount: `-${(back / 100).toFixed(2)}`,
            kind: "reversal",
            reversesId: Number(credit.id),
            // The provider and its refund's id: names, in no language (the statement says "Teruggedraai").
            reason: `${PROVIDER_NAMES[payment.provider]} ${notice.refundId}`,
            createdBy: null,
            at: ctx.config.clock(),
          })
        : null;
    const status = entry === null ? "flagged" : "refunded";
    await recordRefund(status);
    return status;
  });
}

async function setStatus(
  tx: Tx,
  id: string,
  status: OnlinePaymentStatus,
  { at, providerPaymentId, paidCents }: { at: Date; providerPaymentId: string; paidCents: number },
) {
  await tx.execute(
    sql`update online_payments set status = ${status}, settled_at = ${at},
          provider_payment_id = ${providerPaymentId}, paid_amount = ${(paidCents / 100).toFixed(2)}
        where id = ${id}`,
  );
}

/** Whether a payment by this id was made with this provider. */
export async function paymentExists(db: Db, provider: PaymentProvider, id: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 as one from online_payments where id = ${id} and provider = ${provider}`,
    z.object({ one: z.number() }),
  );
  return rows.length > 0;
}

/** The simulator's checkout, for its hosted page: null when it names none. */
export async function simulatorCheckout(db: Db, checkoutId: string): Promise<PaymentRow | null> {
  const [row] = await queryRows(
    db,
    sql`select ${paymentColumns} from online_payments where provider = 'simulator' and checkout_id = ${checkoutId}`,
    paymentRow,
  );
  return row ?? null;
}

/** The money screen's online payments, newest first; `overdue`: pending for over an hour. */
export async function listPayments(
  db: Db,
  { status, now }: { status: OnlinePaymentStatus | undefined; now: Date },
): Promise<AdminPayment[]> {
  const overdueBefore = new Date(now.getTime() - PAYMENT_OVERDUE_MINUTES * 60_000);
  return queryRows(
    db,
    sql`select p.id, p.provider, p.status, p.amount::text as amount, p.fee::text as fee,
          p.user_id as "customerId", u.first_name || ' ' || u.last_name as "customerName",
          payer.first_name || ' ' || payer.last_name as "paidByName",
          p.provider_payment_id as "providerPaymentId", p.paid_amount::text as "paidAmount",
          p.refunded_amount::text as "refundedAmount",
          (p.status = 'pending' and p.created_at < ${overdueBefore}) as overdue,
          to_json(p.created_at)#>>'{}' as "createdAt", to_json(p.settled_at)#>>'{}' as "settledAt"
        from online_payments p
        join users u on u.id = p.user_id
        left join users payer on payer.id = p.paid_by and p.paid_by <> p.user_id
        ${status ? sql`where p.status = ${status}` : sql``}
        order by p.created_at desc, p.id
        limit 500`,
    adminPaymentSchema,
  );
}
