import { settingsSchema } from "@kantien/domain/auth";
import { message } from "@kantien/domain/messages";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app";
import { requireStaff } from "../../plugins/session";
import { getSettings, saveSettings } from "./service";

const settingsBody = z.strictObject({ settings: z.strictObject(settingsSchema.shape) });

/** Each staff member's own settings (DESIGN §6: staff and admin). */
export async function settingsRoutes(app: FastifyInstance, { database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/settings", { preHandler: requireStaff }, async (request) => ({
    success: true,
    settings: await getSettings(database.db, request.user!.id),
  }));

  api.put("/settings", { preHandler: requireStaff, schema: { body: settingsBody } }, async (request) => {
    const { settings } = request.body;
    await saveSettings(database.db, request.user!.id, settings);
    // Answered in the language just chosen, so the switch shows at once.
    return { success: true, message: message("settings_saved", settings.language) };
  });
}
