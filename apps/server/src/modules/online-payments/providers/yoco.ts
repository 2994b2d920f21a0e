import { Webhook } from "standardwebhooks";
import { z } from "zod";

/*
 * Yoco's online payments as its developer documentation describes them: a checkout made through
 * its API (amount in cents, an idempotency key), and webhooks signed by the Standard Webhooks
 * scheme, checked with the `standardwebhooks` package. The simulator's notifications are signed
 * and checked the same way.
 */

/** Yoco recommends refusing a webhook older than 3 minutes (the package allows 5). */
export const WEBHOOK_TOLERANCE_SECONDS = 3 * 60;

export type WebhookHeaders = Record<string, string | string[] | undefined>;

const header = (headers: WebhookHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The event a Standard Webhooks notification carries, or null when it is unsigned, mis-signed,
 * or its timestamp is more than 3 minutes from `nowMs` (the machine's time: a transport rule,
 * not the canteen's day).
 */
export function verifiedWebhook(
  secret: string,
  rawBody: string,
  headers: WebhookHeaders,
  nowMs: number,
): { messageId: string; event: unknown } | null {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signature = header(headers, "webhook-signature");
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return null;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return null;
  try {
    const event = new Webhook(secret).verify(rawBody, {
      "webhook-id": id,
      "webhook-timestamp": timestamp,
      "webhook-signature": signature,
    });
    return { messageId: id, event };
  } catch {
    // A wrong signature, a body that is no JSON: refused alike.
    return null;
  }
}

/** Signs a webhook as Yoco does: the simulator's notifications, and the tests'. */
export function signWebhook(
  secret: string,
  messageId: string,
  at: Date,
  rawBody: string,
): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, at, rawBody),
  };
}

/**
 * The events we act on, as Yoco's documentation shows them: `payment.succeeded` (its
 * `metadata.checkoutId` names our checkout) and `refund.succeeded`. Anything else is read as `other`.
 */
export const yocoEvent = z.union([
  z.object({
    id: z.string(),
    type: z.literal("payment.succeeded"),
    payload: z.object({
      id: z.string().min(1).max(100),
      amount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      /** `live` or `test` (a test card, Yoco's test keys). */
      mode: z.string().optional(),
      metadata: z.object({ checkoutId: z.string().min(1).max(100) }),
    }),
  }),
  z.object({
    id: z.string(),
    type: z.literal("refund.succeeded"),
    payload: z.object({
      id: z.string().min(1).max(100),
      amount: z.number().int(),
      paymentId: z.string().min(1).max(100),
      status: z.string(),
    }),
  }),
  z.object({ id: z.string(), type: z.string() }).transform((event) => ({ ...event, type: "other" as const })),
]);
export type YocoEvent = z.infer<typeof yocoEvent>;

const checkoutAnswer = z.object({ id: z.string().min(1).max(100), redirectUrl: z.url() });

export class ProviderUnreachable extends Error {}

/**
 * A checkout at Yoco for `amountCents`: its id and the page the payer goes to. The payment's id
 * is the idempotency key, so a retried start gets the same checkout.
 */
export async function createYocoCheckout(
  apiUrl: string,
  secretKey: string,
  checkout: {
    paymentId: string;
    amountCents: number;
    successUrl: string;
    cancelUrl: string;
    failureUrl: string;
  },
): Promise<{ id: string; redirectUrl: string }> {
  let answer: Response;
  try {
    answer = await fetch(`${apiUrl}/api/checkouts`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${secretKey}`,
        "content-type": "application/json",
        "idempotency-key": checkout.paymentId,
      },
      body: JSON.stringify({
        amount: checkout.amountCents,
        currency: "ZAR",
        successUrl: checkout.successUrl,
        cancelUrl: checkout.cancelUrl,
        failureUrl: checkout.failureUrl,
        metadata: { paymentId: checkout.paymentId },
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new ProviderUnreachable("Yoco did not answer", { cause: error });
  }
  if (!answer.ok) throw new ProviderUnreachable(`Yoco answered ${answer.status}`);
  const made = checkoutAnswer.safeParse(await answer.json().catch(() => null));
  if (!made.success) throw new ProviderUnreachable("Yoco's checkout answer is not one we know");
  return made.data;
}

/**
 * A checkout as Yoco's API describes its resource (`GET /api/checkouts/{id}`: `status` created,
 * started, processing or completed; `paymentId` once paid; `amount` in cents). Asked when no
 * webhook came (a server the internet cannot reach). Anything else, or no answer, is null: the
 * payment stays as it is.
 */
const checkoutState = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string().optional(),
  paymentId: z.string().min(1).max(100).nullish(),
  processingMode: z.string().optional(),
});

export async function fetchYocoCheckout(
  apiUrl: string,
  secretKey: string,
  checkoutId: string,
): Promise<{ paid: { paymentId: string; cents: number; test: boolean } | null } | null> {
  try {
    const answer = await fetch(`${apiUrl}/api/checkouts/${encodeURIComponent(checkoutId)}`, {
      headers: { authorization: `Bearer ${secretKey}` },
      signal: AbortSignal.timeout(15_000),
    });
    if (!answer.ok) return null;
    const checkout = checkoutState.safeParse(await answer.json());
    if (!checkout.success || checkout.data.id !== checkoutId) return null;
    const { status, paymentId, amount, currency, processingMode } = checkout.data;
    const paid = status === "completed" && paymentId && (currency ?? "ZAR") === "ZAR";
    return { paid: paid ? { paymentId, cents: amount, test: processingMode === "test" } : null };
  } catch {
    return null;
  }
}
