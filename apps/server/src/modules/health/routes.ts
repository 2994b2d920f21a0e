import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app";

export async function healthRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  /** Process and database up. */
  app.get("/health", async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { success: true, data: { status: "ok", database: database.kind } };
    } catch {
      return reply
        .status(503)
        .send({ success: false, message: "database unavailable", code: "internal_error" });
    }
  });

  /** What the client needs to know about this canteen before anyone signs in. */
  app.get("/config", async () => ({
    success: true,
    data: { canteenName: config.canteenName, timeZone: config.timeZone },
  }));
}
