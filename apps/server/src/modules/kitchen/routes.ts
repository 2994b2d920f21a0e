import { answers, dataAnswer } from "@kantien/domain/api";
import { type IsoDate, isIsoDate } from "@kantien/domain/dates";
import { counterAnswer, counterOrder, kitchenDayAnswer, kitchenPaymentAnswer } from "@kantien/domain/kitchen";
import { text } from "@kantien/domain/text";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canteenToday } from "../../config";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { idParams, notFound, recordId } from "../../errors";
import { sendSharedJson, sharedJson } from "../../plugins/compression";
import { signedIn } from "../../plugins/session";
import { changeOrderStatus } from "../orders/service";
import { freshSharedRead } from "./fresh-shared-read";
import { counterOrderById, findCounterOrders, kitchenDayAnswerText, kitchenOrderPayment } from "./queries";

const kitchenQuery = z.object({ date: z.string().refine(isIsoDate, "validation_failed").optional() });
/** What the counter scanned or typed: a QR code's text, an order number or a name. */
const counterQuery = z.object({ q: text().trim().min(1, "validation_failed").max(100, "validation_failed") });

// What each route takes and answers (decision 0016).
const daySchema = { querystring: kitchenQuery, response: answers(kitchenDayAnswer) };
/**
 * The day's answer is written as the database made it (`kitchenDayJson`), not parsed and
 * serialized row by row on the way out: at hundreds of rows that was most of the route's CPU
 * (bench/layers.ts). It is sent as it is, compressed once for all who share it
 * (`sendSharedJson`). The schema still declares the answer (OpenAPI), and the route's tests parse
 * every answer with it.
 */
const counterSchema = { querystring: counterQuery, response: answers(counterAnswer) };
const paymentSchema = { params: idParams, response: answers(kitchenPaymentAnswer) };
/** The hand-over's "Allergene nagegaan?" answered yes: an order with an allergy alert needs it once. */
const collectBody = z.strictObject({ allergensConfirmed: z.boolean("invalid_field").optional() }).optional();
const collectSchema = { params: idParams, body: collectBody, response: answers(dataAnswer(counterOrder)) };

/** The kitchen's routes, /api/kitchen/*, in the staff's scope whose one guard app.ts adds (decision 0064). */
export async function kitchenRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every tablet on the board asks for the same day: those asking at once share a fresh read,
  // and its compression.
  const readDay = freshSharedRead(async (date: IsoDate) =>
    sharedJson(await kitchenDayAnswerText(database.db, { date, timeZone: config.timeZone })),
  );

  /** The kitchen board's day; today in the canteen when no date is given. */
  app.get("/orders", { schema: daySchema }, async (request, reply) => {
    const date = request.query.date ?? canteenToday(config);
    return sendSharedJson(request, reply, await readDay(date));
  });

  /** What a cancel of the order would do to the money: whether its customer's wallet paid it. */
  app.get("/orders/:id/payment", { schema: paymentSchema }, async (request) => {
    const payment = await kitchenOrderPayment(database.db, recordId(request.params.id));
    if (!payment) throw notFound();
    return ok(payment);
  });

  /** The counter's look-up: a scanned code finds its order, a number or a name today's (else the coming days'). */
  app.get("/counter", { schema: counterSchema }, async (request) => {
    const orders = await findCounterOrders(database.db, request.query.q, {
      today: canteenToday(config),
      timeZone: config.timeZone,
    });
    return ok({ orders });
  });

  /**
   * The counter's "Afgehaal" in one tap: ready → delivered through the order service. A
   * second tap (or a second counter) is told the order was already collected. An order whose
   * allergy alert nobody confirmed yet (skipped Gereed, or its dish changed since) is refused
   * until the body says `allergensConfirmed: true`, as at Gereed.
   */
  app.post("/orders/:id/collect", { schema: collectSchema }, async (request) => {
    const orderId = recordId(request.params.id);
    await changeOrderStatus(database.db, {
      orderId,
      to: "delivered",
      actor: { id: signedIn(request).id, roleId: signedIn(request).roleId },
      clock: config.clock,
      allergensConfirmed: request.body?.allergensConfirmed,
      refusal: (current) => (current.status === "delivered" ? "already_collected" : null),
    });
    const order = await counterOrderById(database.db, orderId);
    if (!order) throw notFound();
    return ok(order);
  });
}
