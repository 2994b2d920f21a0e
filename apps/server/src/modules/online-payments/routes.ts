import { randomUUID } from "node:crypto";
import { answers, createdAnswers } from "@kantien/domain/api";
import { message } from "@kantien/domain/messages";
import { formatRand } from "@kantien/domain/money";
import {
  adminPaymentsAnswer,
  adminPaymentsQuery,
  myPaymentAnswer,
  myPaymentInput,
  paymentSettingsAnswer,
  paymentSettingsInput,
  paymentSettingsSavedAnswer,
  paymentStartedAnswer,
  paymentTotal,
} from "@kantien/domain/online-payments";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { AppError, idParams, recordId } from "../../errors";
import { readIdempotencyKey } from "../../idempotency";
import { noSession } from "../../plugins/openapi";
import { requireAdmin, signedIn, subjectOf } from "../../plugins/session";
import { expectedVersion, tagVersion, versioned, versionedSave } from "../../record-version";
import { paymentsContext } from "./context";
import {
  abandonPayment,
  checkAtProvider,
  confirmPayfastNotice,
  keepInFlight,
  listPayments,
  paymentExists,
  readMyPayment,
  refundPayment,
  settlePayment,
  simulatorCheckout,
  startPayment,
} from "./payments";
import { fromPayfast, parsePayfastNotice, payfastNoticeSigned } from "./providers/payfast";
import { signWebhook, verifiedWebhook, yocoEvent } from "./providers/yoco";
import {
  paymentSettingsView,
  readPaymentSetup,
  savePaymentSettings,
  simulatorSecret,
  storedSimulatorSecret,
} from "./settings";

const readSettingsSchema = { ...versioned, response: answers(paymentSettingsAnswer) };
const saveSettingsSchema = {
  ...versionedSave,
  body: paymentSettingsInput,
  response: answers(paymentSettingsSavedAnswer),
};

/** The canteen's online payments on /canteen: admins only; a secret is never answered. */
export async function paymentSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = paymentsContext(deps);
  const view = async () =>
    paymentSettingsView(await readPaymentSetup(ctx.db, ctx.box), deps.config, ctx.simulatorAllowed);

  api.get(
    "/canteen-settings/payments",
    { onRequest: requireAdmin, schema: readSettingsSchema },
    async (_request, reply) => {
      const settings = await view();
      tagVersion(reply, settings.version);
      return ok(settings);
    },
  );

  api.put(
    "/canteen-settings/payments",
    { onRequest: requireAdmin, schema: saveSettingsSchema },
    async (request, reply) => {
      const saved = await savePaymentSettings(ctx.db, ctx.box, request.body, {
        updatedBy: signedIn(request).id,
        expected: expectedVersion(request),
        simulatorAllowed: ctx.simulatorAllowed,
      });
      const settings = paymentSettingsView(saved, deps.config, ctx.simulatorAllowed);
      tagVersion(reply, settings.version);
      return ok(settings, { message: message("payment_settings_saved", request.language) });
    },
  );
}

const startSchema = {
  body: myPaymentInput,
  response: createdAnswers(paymentStartedAnswer),
};

/**
 * A top-up paid online, for the wallet the path serves (one's own, or a learner's a guardian acts
 * for, decision 0068): registered by app.ts beside the ordering routes, in both scopes.
 */
export async function myPaymentStartRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = paymentsContext(deps);
  api.post("/payments", { schema: startSchema }, async (request, reply) => {
    // A start always carries a key: a double tap opens one payment, not two.
    const key = readIdempotencyKey(request.headers["idempotency-key"]);
    if (key === null) throw new AppError("idempotency_key_required");
    const { id, start } = await startPayment(ctx, {
      subject: subjectOf(request),
      payer: signedIn(request).id,
      amount: request.body.amount,
      key,
    });
    return reply.status(201).send(ok({ id, ...start }));
  });
}

const readMySchema = { params: idParams, response: answers(myPaymentAnswer) };
const abandonSchema = {
  params: idParams,
  body: z.strictObject({ outcome: z.enum(["cancelled", "failed"], "validation_failed") }),
  response: answers(myPaymentAnswer),
};

/** A payment its payer (or the wallet's owner) follows on the return page: `/api/my/payments/:id`. */
export async function myPaymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = paymentsContext(deps);
  api.get("/payments/:id", { schema: readMySchema }, async (request) => {
    const asked = { person: signedIn(request).id, id: recordId(request.params.id) };
    const payment = await readMyPayment(ctx.db, asked);
    if (payment.status !== "pending") return ok(payment);
    // Still waiting: the provider is asked too, for a server its notifications cannot reach.
    await checkAtProvider(ctx, asked.id);
    return ok(await readMyPayment(ctx.db, asked));
  });
  api.post("/payments/:id/abandon", { schema: abandonSchema }, async (request) =>
    ok(
      await abandonPayment(ctx, {
        person: signedIn(request).id,
        id: recordId(request.params.id),
        outcome: request.body.outcome,
      }),
    ),
  );
}

const listSchema = {
  querystring: adminPaymentsQuery,
  response: answers(adminPaymentsAnswer),
};

/** The money screen's online payments: `/api/admin/payments`. */
export async function adminPaymentsRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = paymentsContext(deps);
  api.get("/payments", { schema: listSchema }, async (request) =>
    ok(await listPayments(ctx.db, { status: request.query.status, now: deps.config.clock() })),
  );
}

/** What a notification route answers: the provider reads only the status. */
const noticeAnswer = answers(z.object({ success: z.literal(true) }));
const noticeSchema = { security: noSession, response: noticeAnswer };
const rawBody = (body: unknown) => (typeof body === "string" ? body : "");

/**
 * The providers' notifications, `/api/payments/*` (decision 0074): no session, the body read raw
 * for its signature. Anything unsigned or mis-signed is 400 and changes nothing.
 */
export async function paymentNotificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const ctx = paymentsContext(deps);
  const { config } = deps;
  // In this scope only: the body as it came, for the signature (JSON or a form).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ["application/json", "application/x-www-form-urlencoded"],
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  // The PayFast checks after the 200, and the simulator's notices, end before the app closes.
  app.addHook("onClose", async () => {
    await Promise.allSettled(ctx.inFlight);
  });

  app.post(
    "/payments/payfast/notify",
    { schema: noticeSchema, config: { formBody: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const raw = rawBody(request.body);
      const notice = parsePayfastNotice(raw);
      const setup = await readPaymentSetup(ctx.db, ctx.box);
      const paymentId = notice?.fields.get("m_payment_id") ?? "";
      const signed =
        notice !== null &&
        setup.merchantId !== null &&
        notice.fields.get("merchant_id") === setup.merchantId &&
        setup.secrets.passphrase !== null &&
        payfastNoticeSigned(notice, setup.secrets.passphrase) &&
        z.uuid().safeParse(paymentId).success &&
        (await paymentExists(ctx.db, "payfast", paymentId)) &&
        (await fromPayfast(request.ip, config.payments.payfastSources));
      if (!signed) throw new AppError("payment_notification_refused");
      // PayFast wants its 200 at once; its confirmation and the amount come after it.
      void reply.send({ success: true });
      const work = confirmPayfastNotice(ctx, raw)
        .then((settled) => {
          if (settled === "flagged") request.log.warn({ provider: "payfast" }, "online payment flagged");
          if (settled === "waiting") request.log.warn("PayFast did not confirm its ITN: asked again later");
        })
        .catch((error) => request.log.error({ err: error }, "PayFast notification failed"));
      keepInFlight(ctx, work);
      return reply;
    },
  );

  /** Yoco's webhook, and the simulator's, signed as Yoco's: Standard Webhooks, 3 minutes. */
  const webhook = (provider: "yoco" | "simulator") =>
    async function handle(request: FastifyRequest) {
      const secret =
        provider === "yoco"
          ? (await readPaymentSetup(ctx.db, ctx.box)).secrets.webhookSecret
          : ctx.simulatorAllowed
            ? await storedSimulatorSecret(ctx.db, ctx.box)
            : null;
      const verified = secret && verifiedWebhook(secret, rawBody(request.body), request.headers, Date.now());
      if (!verified) throw new AppError("payment_notification_refused");
      const event = yocoEvent.safeParse(verified.event);
      if (!event.success) throw new AppError("payment_notification_refused");
      if (event.data.type === "refund.succeeded") {
        const refund = event.data.payload;
        const recorded = await refundPayment(ctx, {
          provider,
          providerPaymentId: refund.paymentId,
          refundId: refund.id,
          refundedCents: refund.amount,
        });
        if (recorded === "flagged")
          request.log.warn({ provider }, "online payment refunded at the provider, wallet short");
        return { success: true as const };
      }
      if (event.data.type !== "payment.succeeded") return { success: true as const };
      const { payload } = event.data;
      const settled = await settlePayment(ctx, {
        provider,
        payment: { checkoutId: payload.metadata.checkoutId },
        providerPaymentId: payload.id,
        outcome: payload.status === "succeeded" && payload.currency === "ZAR" ? "paid" : "failed",
        paidCents: payload.amount,
        // The simulator's money is the demo's own.
        test: provider === "yoco" && payload.mode === "test",
      });
      if (settled === "flagged") request.log.warn({ provider }, "online payment flagged");
      // The account's other sales (not made here) are Yoco's too: acknowledged, nothing changes.
      if (settled === "unknown") request.log.info({ provider }, "a payment of a checkout not made here");
      return { success: true as const };
    };
  app.post("/payments/yoco/webhook", { schema: noticeSchema }, webhook("yoco"));
  app.post("/payments/simulator/notify", { schema: noticeSchema }, webhook("simulator"));

  /**
   * The simulator's "hosted payment page" (the demo, the tests): the amount and three buttons.
   * Its choice is posted back here, and the simulator then sends its signed notification to
   * /api/payments/simulator/notify, as a provider would, and sends the payer back.
   */
  app.get(
    "/payments/simulator/checkout/:id",
    { schema: { security: noSession, params: idParams, hide: true } },
    async (request, reply) => {
      const checkout = ctx.simulatorAllowed
        ? await simulatorCheckout(ctx.db, (request.params as { id: string }).id)
        : null;
      if (!checkout) throw new AppError("not_found");
      return reply
        .type("text/html; charset=utf-8")
        .send(
          simulatorPage(checkout.id, paymentTotal(checkout.amount, checkout.fee), checkout.checkoutId ?? ""),
        );
    },
  );

  app.post(
    "/payments/simulator/checkout/:id",
    { schema: { security: noSession, params: idParams, hide: true }, config: { formBody: true } },
    async (request, reply) => {
      const checkout = ctx.simulatorAllowed
        ? await simulatorCheckout(ctx.db, (request.params as { id: string }).id)
        : null;
      if (!checkout?.checkoutId) throw new AppError("not_found");
      const choice = new URLSearchParams(rawBody(request.body)).get("outcome");
      const back = `${config.publicUrl}/my/wallet?payment=${checkout.id}`;
      if (choice === "cancelled" || choice === "failed") {
        // As Yoco: no notification for a cancel or a failure, only the way back.
        return reply.redirect(`${back}&outcome=${choice}`, 303);
      }
      if (choice !== "paid") throw new AppError("bad_request");
      const body = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: "payment.succeeded",
        createdDate: new Date().toISOString(),
        payload: {
          id: `p_${randomUUID()}`,
          type: "payment",
          amount: Math.round(Number(paymentTotal(checkout.amount, checkout.fee)) * 100),
          currency: "ZAR",
          status: "succeeded",
          mode: "test",
          metadata: { checkoutId: checkout.checkoutId },
        },
      });
      const secret = await simulatorSecret(ctx.db, ctx.box);
      const headers = signWebhook(secret, `msg_${randomUUID()}`, new Date(), body);
      // A provider notifies on its own time: after the payer is on their way back.
      const delivery = app
        .inject({
          method: "POST",
          url: "/api/payments/simulator/notify",
          headers: { ...headers, "content-type": "application/json" },
          payload: body,
        })
        .then((answer) => {
          if (answer.statusCode !== 200)
            request.log.error({ status: answer.statusCode }, "the simulator's notification was refused");
        });
      keepInFlight(ctx, delivery);
      return reply.redirect(back, 303);
    },
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The simulator's page: plain HTML, no script (the app's CSP holds), big buttons for a phone. */
function simulatorPage(paymentId: string, total: string, checkoutId: string): string {
  const action = `/api/payments/simulator/checkout/${encodeURIComponent(checkoutId)}`;
  const button = (outcome: string, label: string, colour: string) =>
    `<button name="outcome" value="${outcome}" style="display:block;width:100%;margin:12px 0;padding:16px;font-size:18px;border:0;border-radius:10px;background:${colour};color:#fff">${label}</button>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment simulator</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#111;background:#f4f4f5">
<h1 style="font-size:22px">Payment simulator</h1>
<p>A stand-in for the payment provider's page: no real money moves.</p>
<p style="font-size:28px;font-weight:700" data-testid="simulator-total">${escapeHtml(formatRand(total))}</p>
<p style="color:#555;font-size:13px">Payment ${escapeHtml(paymentId)}</p>
<form method="post" action="${escapeHtml(action)}">
${button("paid", "Pay", "#15803d")}${button("failed", "Decline", "#b91c1c")}${button("cancelled", "Cancel", "#52525b")}
</form></body></html>`;
}
