import { answers } from "@kantien/domain/api";
import { canteenRulesAnswer, canteenRulesInput, canteenRulesSavedAnswer } from "@kantien/domain/canteen";
import { message } from "@kantien/domain/messages";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";
import { requireAdmin, requireUser } from "../../plugins/session";
import { getCanteenRules, saveCanteenRules } from "./rules";

// What each route takes and answers (decision 0016).
const readSchema = { response: answers(canteenRulesAnswer) };
const saveSchema = { body: canteenRulesInput, response: answers(canteenRulesSavedAnswer) };

/** The canteen's ordering rules (decision 0021): everyone signed in reads them, admins set them. */
export async function canteenRoutes(app: FastifyInstance, { database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/canteen-settings", { onRequest: requireUser, schema: readSchema }, async () => ({
    success: true as const,
    data: await getCanteenRules(database.db),
  }));

  api.put("/canteen-settings", { onRequest: requireAdmin, schema: saveSchema }, async (request) => ({
    success: true as const,
    message: message("canteen_rules_saved", request.language),
    data: await saveCanteenRules(database.db, request.body, request.user!.id),
  }));
}
