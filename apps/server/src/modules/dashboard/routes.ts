import { answers } from "@kantien/domain/api";
import { dashboardAnswer } from "@kantien/domain/dashboard";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps";
import { ok } from "../../envelope";
import { requireStaff, signedIn } from "../../plugins/session";
import { dashboardSummary } from "./queries";

/** `GET /api/dashboard`: what today asks of the canteen, for staff and admin; money for admins only. */
export async function dashboardRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  app.get(
    "/dashboard",
    { onRequest: requireStaff, schema: { response: answers(dashboardAnswer) } },
    async (request) => ok(await dashboardSummary(database.db, { config, roleId: signedIn(request).roleId })),
  );
}
