/** The app's two languages: Afrikaans first (the default), English second. */
export const LANGUAGES = ["af", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Picks af or en from a stored setting or an Accept-Language header; af by default. */
export function pickLanguage(preferred: string | null | undefined): Language {
  if (!preferred) return "af";
  for (const part of preferred.split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "af") return "af";
    if (tag === "en") return "en";
  }
  return "af";
}
