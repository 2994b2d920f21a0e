import { answers } from "@kantien/domain/api";
import { mondayOf } from "@kantien/domain/dates";
import { isWeekStart, weeklyOrdersAnswer } from "@kantien/domain/weekly-orders";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canteenToday } from "../../config";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { requireStaff } from "../../plugins/session";
import { listWeeklyOrders } from "./queries";

// A week is asked for by its Monday; anything else answers 400 validation_failed, the field's
// message from the catalogue (invalid_field).
const weeklyOrdersQuerystring = z.object({
  weekStart: z.string().refine(isWeekStart, "invalid_field").optional(),
});

export async function weeklyOrdersRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The weekly orders (Monday to Friday); the week of today in the canteen when no weekStart is given. */
  app.get(
    "/weekly-orders",
    {
      onRequest: requireStaff,
      schema: {
        querystring: weeklyOrdersQuerystring,
        response: answers(weeklyOrdersAnswer),
      },
    },
    async (request) => {
      const weekStart = request.query.weekStart ?? mondayOf(canteenToday(config));
      return ok(await listWeeklyOrders(database.db, { weekStart }));
    },
  );
}
