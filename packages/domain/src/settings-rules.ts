/**
 * A user's settings' defaults and the refresh interval's rule, apart from the API's schemas
 * (settings.ts, auth.ts): the screens import these without zod.
 */

export const SETTINGS_DEFAULTS = { theme: "light", language: "af", refresh_interval: 30 } as const;

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
