import { answers, clientConfigAnswer, healthAnswer } from "@kantien/domain/api";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps";
import { sendError } from "../../plugins/error-handler";
import { noSession } from "../../plugins/openapi";

export async function healthRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  /** Process and database up. */
  app.get(
    "/health",
    { schema: { security: noSession, response: answers(healthAnswer) } },
    async (request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { success: true as const, data: { status: "ok", database: database.kind } };
      } catch (error) {
        request.log.warn({ err: error }, "health check: the database does not answer");
        return sendError(reply, "database_unavailable", request.language);
      }
    },
  );

  /** What the client needs to know about this canteen before anyone signs in. */
  app.get(
    "/config",
    { schema: { security: noSession, response: answers(clientConfigAnswer) } },
    async () => ({
      success: true as const,
      data: { canteenName: config.canteenName, timeZone: config.timeZone },
    }),
  );
}
