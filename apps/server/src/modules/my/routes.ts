import { answers } from "@kantien/domain/api";
import { myMenuAnswer, myMenuQuery } from "@kantien/domain/my";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { requireCustomer } from "../../plugins/session";
import { getCanteenRules } from "../canteen/rules";
import { myMenuWeek } from "./menu";

// What each route takes and answers (decision 0016).
const menuSchema = { querystring: myMenuQuery, response: answers(myMenuAnswer) };

/** The customers' ordering app (DESIGN §11): each route answers with the caller's own rows only. */
export async function myRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/my/menu", { onRequest: requireCustomer, schema: menuSchema }, async (request) => {
    const rules = await getCanteenRules(database.db);
    const week = await myMenuWeek(database.db, {
      userId: request.user!.id,
      week: request.query.week,
      rules,
      timeZone: config.timeZone,
      now: new Date(),
    });
    return { success: true as const, data: { ...week, maxQuantity: rules.maxQuantity } };
  });
}
