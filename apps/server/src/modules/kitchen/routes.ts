import { answers } from "@kantien/domain/api";
import { isIsoDate, todayIn } from "@kantien/domain/dates";
import { type KitchenDay, kitchenDayAnswer } from "@kantien/domain/kitchen";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { requireStaff } from "../../plugins/session";
import { listKitchenOrders } from "./queries";

const kitchenQuery = z.object({ date: z.string().refine(isIsoDate, "validation_failed").optional() });

export async function kitchenRoutes(fastify: FastifyInstance, { config, database }: AppDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The kitchen board's day (spec §2 Kitchen board); today in the canteen when no date is given. */
  app.get(
    "/kitchen/orders",
    {
      onRequest: requireStaff,
      schema: { querystring: kitchenQuery, response: answers(kitchenDayAnswer) },
    },
    async (request) => {
      const date = request.query.date ?? todayIn(config.timeZone);
      const data: KitchenDay = {
        date,
        orders: await listKitchenOrders(database.db, { date, timeZone: config.timeZone }),
      };
      return { success: true as const, data };
    },
  );
}
