import { z } from "zod";
import { settingsSchema } from "./auth";
import { normalizeRefreshInterval } from "./settings-rules";

/**
 * What `PUT /api/settings` accepts: theme light|dark|auto and language af|en exactly, and
 * any refresh interval, normalised as above. The result is a valid `Settings`.
 */
export const settingsInput = z.strictObject({
  theme: settingsSchema.shape.theme,
  language: settingsSchema.shape.language,
  refresh_interval: z.unknown().transform(normalizeRefreshInterval),
});

/** `GET /api/settings`: the signed-in user's settings. */
export const settingsAnswer = z.object({ success: z.literal(true), settings: settingsSchema });
/** `PUT /api/settings`: what was stored, said in the language just chosen. */
export const settingsSavedAnswer = settingsAnswer.extend({ message: z.string() });

/**
 * `GET /api/settings/backup` (admins): when the last backup of the canteen completed (`npm run
 * backup`), or null before the first.
 */
export const lastBackupAnswer = z.object({
  success: z.literal(true),
  data: z.object({ lastBackupAt: z.iso.datetime().nullable() }),
});
