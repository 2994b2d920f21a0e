import { z } from "zod";
import { dataAnswer } from "./api";
import { randAmount } from "./money-input";

/**
 * Online top-ups (decision 0074): a customer pays at a provider's hosted page, the provider's
 * signed notification credits the wallet once. `simulator` is a local stand-in for the demo and
 * the tests, signed as Yoco's webhooks are; a deployment offers it only when its environment allows.
 */
export const PAYMENT_PROVIDERS = ["simulator", "payfast", "yoco"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * An online payment's life: `pending` until its notification, then `credited` (the wallet has
 * it), `failed` or `cancelled` (nothing credited), `flagged` (an admin looks: the notification
 * did not match the payment and nothing was credited, or a refund at the provider could not be
 * taken back out of the wallet), `refunded` (refunded at the provider and taken back out), or
 * `test` (paid in the provider's sandbox: the whole path ran, no money, nothing credited).
 */
export const ONLINE_PAYMENT_STATUSES = [
  "pending",
  "credited",
  "failed",
  "cancelled",
  "flagged",
  "refunded",
  "test",
] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

/** The secrets an admin may set; never sent back, only whether each is set. */
export const PAYMENT_SECRETS = ["merchantKey", "passphrase", "secretKey", "webhookSecret"] as const;
export type PaymentSecret = (typeof PAYMENT_SECRETS)[number];

/** Which secrets each provider needs before it may take a payment. */
export const PROVIDER_SECRETS: Record<PaymentProvider, readonly PaymentSecret[]> = {
  simulator: [],
  payfast: ["merchantKey", "passphrase"],
  yoco: ["secretKey", "webhookSecret"],
};

export const ONLINE_AMOUNT_MAX = 10_000;
export const FEE_PERCENT_MAX = 10;

/** Rand that may be 0 (a fee): "0", "2,50". */
const randOrZero = (max: number, code: string) =>
  z
    .string()
    .transform((value) => value.trim().replace(",", "."))
    .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, code))
    .transform(Number)
    .refine((rand) => rand >= 0 && rand <= max, code)
    .transform((rand) => rand.toFixed(2));

/** A secret as typed: a new value replaces the stored one, null clears it, absent keeps it. */
const secretInput = z
  .string()
  .trim()
  .min(1, "payment_secret_invalid")
  .max(200, "payment_secret_invalid")
  .nullable();

/** What an admin saves on /canteen: `PUT /api/canteen-settings/payments`. */
export const paymentSettingsInput = z
  .strictObject({
    /** null: the canteen takes no online payments. */
    provider: z.enum(PAYMENT_PROVIDERS, "payment_provider_invalid").nullable(),
    /** The provider's sandbox: test keys, no real money. */
    sandbox: z.boolean("validation_failed"),
    minAmount: randAmount(ONLINE_AMOUNT_MAX, "payment_amount_limits_invalid"),
    maxAmount: randAmount(ONLINE_AMOUNT_MAX, "payment_amount_limits_invalid"),
    /** The convenience fee on top of the amount: fixed rand plus a percentage of the amount. */
    feeFixed: randOrZero(100, "payment_fee_invalid"),
    feePercent: randOrZero(FEE_PERCENT_MAX, "payment_fee_invalid"),
    /** PayFast's merchant id (not secret: it is in every payment form). */
    merchantId: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, "payment_merchant_id_invalid")
      .nullable(),
    merchantKey: secretInput.optional(),
    passphrase: secretInput.optional(),
    secretKey: secretInput.optional(),
    webhookSecret: z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9+/=]{16,200}$/, "payment_webhook_secret_invalid")
      .nullable()
      .optional(),
  })
  .refine((settings) => Number(settings.minAmount) <= Number(settings.maxAmount), {
    message: "payment_amount_limits_invalid",
    path: ["maxAmount"],
  });
export type PaymentSettingsInput = z.infer<typeof paymentSettingsInput>;

/** The settings as an admin sees them: every secret as set or not. */
export const paymentSettingsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  sandbox: z.boolean(),
  minAmount: z.string(),
  maxAmount: z.string(),
  feeFixed: z.string(),
  feePercent: z.string(),
  merchantId: z.string().nullable(),
  secretsSet: z.object({
    merchantKey: z.boolean(),
    passphrase: z.boolean(),
    secretKey: z.boolean(),
    webhookSecret: z.boolean(),
  }),
  /** The simulator may be chosen here (the environment allows it: a demo, the tests). */
  simulatorAllowed: z.boolean(),
  /** Where each provider must send its notifications, to paste into its dashboard. */
  notifyUrls: z.object({ payfast: z.string(), yoco: z.string() }),
  version: z.number().int(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** What a payer is offered on /my/wallet: null when the canteen takes no online payments. */
export const onlineTopUpOffer = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    /** The provider's sandbox: payments run through, and nothing is credited. */
    sandbox: z.boolean(),
    minAmount: z.string(),
    maxAmount: z.string(),
    feeFixed: z.string(),
    feePercent: z.string(),
  })
  .nullable();
export type OnlineTopUpOffer = z.infer<typeof onlineTopUpOffer>;

/** `POST /api/my/payments` and `/api/my/learners/:id/payments`: the amount for the wallet, fee apart. */
export const myPaymentInput = z.strictObject({
  amount: randAmount(ONLINE_AMOUNT_MAX, "payment_amount_invalid"),
});

/** Where the payer goes next: a page to open, or a form to post (PayFast's). */
export const paymentStart = z.union([
  z.object({ redirectUrl: z.string() }),
  z.object({ form: z.object({ action: z.string(), fields: z.array(z.tuple([z.string(), z.string()])) }) }),
]);
export type PaymentStart = z.infer<typeof paymentStart>;

export const myPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  /** What the wallet gets. */
  amount: z.string(),
  fee: z.string(),
  /** The wallet's balance now (after the credit, once credited). */
  balance: z.string(),
});
export type MyPayment = z.infer<typeof myPaymentSchema>;

/** An online payment on the admin's money screen. */
export const adminPaymentSchema = z.object({
  id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  amount: z.string(),
  fee: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  paidByName: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  /** What the provider says was paid: for a flagged payment, not the amount + fee. */
  paidAmount: z.string().nullable(),
  /** What the provider says it refunded. */
  refundedAmount: z.string().nullable(),
  /** Pending for over an hour: the provider never told us; the admin looks at the provider. */
  overdue: z.boolean(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsQuery = z.strictObject({
  status: z.enum(ONLINE_PAYMENT_STATUSES, "validation_failed").optional(),
});

/** A payment pending this long without a word from its provider is shown to the admin. */
export const PAYMENT_OVERDUE_MINUTES = 60;

/**
 * The convenience fee on an amount (both rand strings with 2 decimals): fixed plus a percentage,
 * in whole cents, half a cent up. The payer pays amount + fee; the wallet gets the amount.
 */
export function paymentFee(amount: string, fee: { feeFixed: string; feePercent: string }): string {
  const cents = Math.round(Number(amount) * 100);
  const fixed = Math.round(Number(fee.feeFixed) * 100);
  // Basis points of a percentage, so 2.75% of 100.00 is exactly 275 cents.
  const basisPoints = Math.round(Number(fee.feePercent) * 100);
  const percent = Math.floor((cents * basisPoints + 5_000) / 10_000);
  return ((fixed + percent) / 100).toFixed(2);
}

/** amount + fee, in rand with 2 decimals. */
export function paymentTotal(amount: string, fee: string): string {
  return ((Math.round(Number(amount) * 100) + Math.round(Number(fee) * 100)) / 100).toFixed(2);
}

/** The routes' answers: the settings, a payment started, a payment as its payer sees it, the money screen's list. */
export const paymentSettingsAnswer = dataAnswer(paymentSettingsSchema);
export const paymentSettingsSavedAnswer = paymentSettingsAnswer.extend({ message: z.string() });
export const paymentStartedAnswer = dataAnswer(z.intersection(z.object({ id: z.string() }), paymentStart));
export const myPaymentAnswer = dataAnswer(myPaymentSchema);
export const adminPaymentsAnswer = dataAnswer(z.array(adminPaymentSchema));
