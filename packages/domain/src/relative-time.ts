import type { Language } from "./language";

/**
 * How long ago something happened, as said on the dashboard's recent activity:
 * under a minute 'Net nou', under 60 minutes in minutes, under 1440 minutes in hours,
 * otherwise the calendar date (af-ZA, or en-ZA for English) in the canteen's time zone.
 */
export type RelativeTime =
  | { unit: "now" }
  | { unit: "minutes"; count: number }
  | { unit: "hours"; count: number }
  | { unit: "date"; date: string };

export function relativeTime(
  at: Date | string,
  now: Date,
  { language, timeZone }: { language: Language; timeZone: string },
): RelativeTime {
  const instant = typeof at === "string" ? new Date(at) : at;
  // A clock a little ahead of ours still reads as just now, never as "in 2 minutes".
  const minutes = Math.max(0, Math.floor((now.getTime() - instant.getTime()) / 60_000));
  if (minutes < 1) return { unit: "now" };
  if (minutes < 60) return { unit: "minutes", count: minutes };
  if (minutes < 1440) return { unit: "hours", count: Math.floor(minutes / 60) };
  const date = new Intl.DateTimeFormat(language === "en" ? "en-ZA" : "af-ZA", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone,
  }).format(instant);
  return { unit: "date", date };
}
