import { answers } from "@kantien/domain/api";
import { message } from "@kantien/domain/messages";
import {
  lastBackupAnswer,
  settingsAnswer,
  settingsInput,
  settingsSavedAnswer,
} from "@kantien/domain/settings";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { ok, okWith } from "../../envelope";
import { requireAdmin, requireStaff, signedIn } from "../../plugins/session";
import { readLastBackup } from "./last-backup";
import { getSettings, saveSettings } from "./service";

// The refresh interval is normalised, not refused: not a number is 30, else kept in 5–3600.
const settingsBody = z.strictObject({ settings: settingsInput });
// What each route takes and answers (decision 0016).
const readSchema = { response: answers(settingsAnswer) };
const saveSchema = { body: settingsBody, response: answers(settingsSavedAnswer) };
const lastBackupSchema = { response: answers(lastBackupAnswer) };

/** Each staff member's own settings (staff and admin), and for admins the canteen's last backup. */
export async function settingsRoutes(app: FastifyInstance, { config, database }: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/settings", { onRequest: requireStaff, schema: readSchema }, async (request) =>
    okWith({ settings: await getSettings(database.db, signedIn(request).id) }),
  );

  api.put("/settings", { onRequest: requireStaff, schema: saveSchema }, async (request) => {
    const { settings } = request.body;
    await saveSettings(database.db, signedIn(request).id, settings);
    // Answered in the language just chosen, so the switch shows at once; with what was stored.
    return okWith({ message: message("settings_saved", settings.language), settings });
  });

  api.get("/settings/backup", { onRequest: requireAdmin, schema: lastBackupSchema }, async () =>
    ok({ lastBackupAt: readLastBackup(config.dataDir) }),
  );
}
