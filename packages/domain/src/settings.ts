import { z } from "zod";
import { SETTINGS_DEFAULTS, settingsSchema } from "./auth";

/** Bounds of the refresh interval in seconds: the polling screens never ask more often than 5 s. */
export const REFRESH_INTERVAL_MIN = 5;
export const REFRESH_INTERVAL_MAX = 3600;

/**
 * A refresh interval that is not a number becomes 30; a number is rounded
 * and kept between 5 and 3,600 seconds. The settings form and the server apply the same rule.
 */
export function normalizeRefreshInterval(value: unknown): number {
  const seconds = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  if (!Number.isFinite(seconds)) return SETTINGS_DEFAULTS.refresh_interval;
  return Math.min(REFRESH_INTERVAL_MAX, Math.max(REFRESH_INTERVAL_MIN, Math.round(seconds)));
}

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
