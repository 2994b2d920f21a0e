import { answers } from "@kantien/domain/api";
import { dashboardAnswer } from "@kantien/domain/dashboard";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app";
import { requireStaff } from "../../plugins/session";
import { dashboardSummary } from "./queries";

/** `GET /api/dashboard` (spec §2), staff and admin. */
export async function dashboardRoutes(app: FastifyInstance, { database }: AppDeps) {
  app.get(
    "/dashboard",
    { preHandler: requireStaff, schema: { response: answers(dashboardAnswer) } },
    async () => ({
      success: true as const,
      data: await dashboardSummary(database.db),
    }),
  );
}
