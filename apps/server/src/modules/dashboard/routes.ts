import { answers } from "@kantien/domain/api";
import { dashboardAnswer } from "@kantien/domain/dashboard";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps";
import { requireStaff } from "../../plugins/session";
import { dashboardSummary } from "./queries";

/** `GET /api/dashboard`: counts and recent activity, for staff and admin. */
export async function dashboardRoutes(app: FastifyInstance, { database }: AppDeps) {
  app.get(
    "/dashboard",
    { onRequest: requireStaff, schema: { response: answers(dashboardAnswer) } },
    async () => ({
      success: true as const,
      data: await dashboardSummary(database.db),
    }),
  );
}
