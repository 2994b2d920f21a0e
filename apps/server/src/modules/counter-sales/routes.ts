import { answers, createdAnswers, dataAnswer } from "@kantien/domain/api";
import { counterItemsQuery } from "@kantien/domain/counter-items";
import {
  counterSale,
  counterSaleAnswer,
  counterSaleInput,
  counterSalesAnswer,
  onSaleAnswer,
  saleCustomerAnswer,
  voidSaleInput,
} from "@kantien/domain/counter-sales";
import { message } from "@kantien/domain/messages";
import { formatRand } from "@kantien/domain/money";
import { text } from "@kantien/domain/text";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canteenNow, canteenToday } from "../../config";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { AppError, idParams, notFound, recordId } from "../../errors";
import { idempotent, readIdempotencyKey } from "../../idempotency";
import { requireAdmin, signedIn } from "../../plugins/session";
import { cardHolder } from "../learner-cards/cards";
import {
  counterSaleById,
  createCounterSale,
  listCounterSales,
  listOnSale,
  saleCustomerOf,
  voidCounterSale,
} from "./sales";

const onSaleSchema = { response: answers(onSaleAnswer) };
const listSchema = { querystring: counterItemsQuery, response: answers(counterSalesAnswer) };
const saleSchema = { params: idParams, response: answers(dataAnswer(counterSale)) };
const createSchema = { body: counterSaleInput, response: createdAnswers(counterSaleAnswer) };
const customerSchema = { params: idParams, response: answers(saleCustomerAnswer) };
const cardSchema = {
  querystring: z.object({
    code: text().trim().min(1, "learner_card_unknown").max(100, "learner_card_unknown"),
  }),
  response: answers(saleCustomerAnswer),
};
const voidSchema = { params: idParams, body: voidSaleInput, response: answers(counterSaleAnswer) };

/**
 * The counter's sales (decision 0071), /api/counter/*, in the staff's scope whose one guard
 * app.ts adds: what is on sale today, the day's sales, a sale (its receipt), a new sale, and an
 * admin's void of one the same day.
 */
export async function counterSalesRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  app.get("/on-sale", { schema: onSaleSchema }, async () => {
    const today = canteenToday(config);
    return ok({ date: today, items: await listOnSale(db, today) });
  });

  /** The customer of a scanned card (decision 0072), as `/customers/:id` answers them. */
  app.get("/card", { schema: cardSchema }, async (request) => {
    const holder = await cardHolder(db, request.query.code);
    const customer = holder ? await saleCustomerOf(db, { id: holder, today: canteenToday(config) }) : null;
    if (!customer) throw new AppError("learner_card_unknown");
    return ok(customer);
  });

  /** The customer a wallet sale is for: the balance now and what their guardians allow today. */
  app.get("/customers/:id", { schema: customerSchema }, async (request) => {
    const customer = await saleCustomerOf(db, {
      id: recordId(request.params.id),
      today: canteenToday(config),
    });
    if (!customer) throw notFound();
    return ok(customer);
  });

  app.get("/sales", { schema: listSchema }, async (request) => {
    const date = request.query.date ?? canteenToday(config);
    return ok({ date, sales: await listCounterSales(db, date) });
  });

  app.get("/sales/:id", { schema: saleSchema }, async (request) => {
    const sale = await counterSaleById(db, recordId(request.params.id));
    if (!sale) throw notFound();
    return ok(sale);
  });

  app.post("/sales", { schema: createSchema }, async (request, reply) => {
    const actor = { id: signedIn(request).id, roleId: signedIn(request).roleId };
    const key = readIdempotencyKey(request.headers["idempotency-key"]);
    const { statusCode, body } = await idempotent(
      db,
      { scope: "counter_sale", key, userId: actor.id, request: request.body, body: counterSaleAnswer },
      async (tx) => {
        const saleId = await createCounterSale(tx, {
          input: request.body,
          actor,
          ...canteenNow(config),
          mail: { config, log: request.log },
        });
        const sale = await counterSaleById(tx, saleId);
        if (!sale) throw new Error("created sale not found");
        const words = { number: String(sale.number), total: formatRand(sale.total) };
        const said =
          sale.customer && sale.balanceAfter !== null
            ? message("sale_recorded_wallet", request.language, {
                ...words,
                name: sale.customer.name,
                balance: formatRand(sale.balanceAfter),
              })
            : message("sale_recorded", request.language, words);
        return { statusCode: 201, body: ok(sale, { message: said }) };
      },
    );
    return reply.status(statusCode).send(body);
  });

  app.post("/sales/:id/void", { onRequest: requireAdmin, schema: voidSchema }, async (request) => {
    const actor = { id: signedIn(request).id, roleId: signedIn(request).roleId };
    const sale = await voidCounterSale(db, {
      id: recordId(request.params.id),
      reason: request.body.reason,
      actor,
      ...canteenNow(config),
    });
    return ok(sale, { message: message("sale_voided", request.language, { number: String(sale.number) }) });
  });
}
