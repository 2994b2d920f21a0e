import { answers, createdAnswers } from "@kantien/domain/api";
import {
  counterItemAnswer,
  counterItemInput,
  counterItemsAnswer,
  counterItemsQuery,
  counterStockInput,
} from "@kantien/domain/counter-items";
import { todayIn } from "@kantien/domain/dates";
import { message } from "@kantien/domain/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { idParams, recordId } from "../../errors";
import { requireAdmin, requireStaff, signedIn } from "../../plugins/session";
import { listCounterItems, saveCounterItem, setCounterStock } from "./items";

const listSchema = { querystring: counterItemsQuery, response: answers(counterItemsAnswer) };
const createSchema = { body: counterItemInput, response: createdAnswers(counterItemAnswer) };
const updateSchema = { params: idParams, body: counterItemInput, response: answers(counterItemAnswer) };
const stockSchema = { params: idParams, body: counterStockInput, response: answers(counterItemAnswer) };

/**
 * The counter's items (decision 0070): `GET /api/counter-items?date` for staff (the items and
 * that day's stock), their saves and stock for admins.
 */
export async function counterItemsRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const today = () => todayIn(config.timeZone, config.clock());
  const saver = (request: FastifyRequest) => ({
    actorId: signedIn(request).id,
    now: config.clock(),
    today: today(),
  });

  api.get("/counter-items", { schema: listSchema, onRequest: requireStaff }, async (request) => {
    const date = request.query.date ?? today();
    return ok({ date, items: await listCounterItems(db, date) });
  });

  api.post("/counter-items", { schema: createSchema, onRequest: requireAdmin }, async (request, reply) => {
    const item = await saveCounterItem(db, { id: null, input: request.body, saver: saver(request) });
    return reply
      .status(201)
      .send(ok(item, { message: message("counter_item_added", request.language, { name: item.name }) }));
  });

  api.put("/counter-items/:id", { schema: updateSchema, onRequest: requireAdmin }, async (request) => {
    const item = await saveCounterItem(db, {
      id: recordId(request.params.id),
      input: request.body,
      saver: saver(request),
    });
    return ok(item, { message: message("counter_item_saved", request.language, { name: item.name }) });
  });

  api.put("/counter-items/:id/stock", { schema: stockSchema, onRequest: requireAdmin }, async (request) => {
    const item = await setCounterStock(db, {
      id: recordId(request.params.id),
      input: request.body,
      actorId: signedIn(request).id,
    });
    return ok(item, { message: message("counter_stock_saved", request.language, { name: item.name }) });
  });
}
