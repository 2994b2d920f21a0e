import { answers, clientConfigAnswer, liveAnswer, readyAnswer } from "@kantien/domain/api";
import type { FastifyInstance } from "fastify";
import { pendingMigrations } from "../../db/client";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { sendError } from "../../plugins/error-handler";
import { noSession } from "../../plugins/openapi";

/**
 * Health for the load balancer and the process manager (docs/decisions/0044-clean-stops-health-and-metrics.md):
 * `live` says the process answers, whatever its database does, so a restart is not asked for
 * when PostgreSQL is down; `ready` says it should be sent traffic: the database answers and has
 * every migration this code ships, and the process is not stopping (then the stop's 503 answers it).
 */
export async function healthRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  app.get(
    "/health/live",
    {
      config: { answersWhileStopping: true },
      schema: { security: noSession, response: answers(liveAnswer) },
    },
    async () => ok({ status: "live" as const }),
  );

  app.get(
    "/health/ready",
    { schema: { security: noSession, response: answers(readyAnswer) } },
    async (request, reply) => {
      let migrations: Awaited<ReturnType<typeof pendingMigrations>>;
      try {
        // One query answers both: the database is reachable, and what it has applied.
        migrations = await pendingMigrations(database.db);
      } catch (error) {
        request.log.warn({ err: error }, "readiness: the database does not answer");
        return sendError(reply, "database_unavailable", request.language);
      }
      if (migrations.pending > 0) {
        request.log.warn(migrations, "readiness: the database lacks migrations");
        return sendError(reply, "migrations_pending", request.language);
      }
      return ok({ status: "ready" as const, database: database.kind, migrations: migrations.shipped });
    },
  );

  /** What the client needs to know about this canteen before anyone signs in. */
  app.get("/config", { schema: { security: noSession, response: answers(clientConfigAnswer) } }, async () =>
    ok({ canteenName: config.canteenName, timeZone: config.timeZone }),
  );
}
