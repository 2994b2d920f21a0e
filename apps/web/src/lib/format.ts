import { addDaysIso } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import { format, getISOWeek, type Locale, type Month } from "date-fns";
import { af } from "date-fns/locale/af";
import { enZA } from "date-fns/locale/en-ZA";

const AF_MONTHS =
  /^(januarie|februarie|maart|april|mei|junie|julie|augustus|september|oktober|november|desember)/i;
const AF_MONTH_NAMES = AF_MONTHS.source.slice(2, -1).split("|");

/**
 * date-fns' `af` writes "Maart" and "Desember" but cannot read them back (it looks for "Mrt"
 * and "Dec"), so a typed or pasted date in those months would be lost; this reads all twelve.
 */
const afReadingEveryMonth: Locale = {
  ...af,
  match: {
    ...af.match,
    month: (text, options) => {
      const found = AF_MONTHS.exec(text);
      if (!found?.[1]) return af.match.month(text, options);
      const index = AF_MONTH_NAMES.indexOf(found[1].toLowerCase()) as Month;
      return { value: index, rest: text.slice(found[0].length) };
    },
  },
};

/**
 * A calendar date (`YYYY-MM-DD`) as a Date at its local midnight, the day date-fns then writes
 * (what its `parseISO` gives, without its parser of every ISO form on the customers' first load).
 */
function calendarDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The date-fns locale of each language (af: one that reads every month back). */
export const DATE_LOCALES = { af: afReadingEveryMonth, en: enZA } as const;

/** "Junie" for month 6 (1-based). */
export function formatMonth(month: number, language: Language): string {
  return format(new Date(2000, month - 1, 1), "LLLL", { locale: DATE_LOCALES[language] });
}

/** A school day's heading, e.g. "Maandag 9 Junie". */
export function formatDayHeading(isoDate: string, language: Language): string {
  return format(calendarDay(isoDate), "EEEE d MMMM", { locale: DATE_LOCALES[language] });
}

/** The two lines of a day card's heading, e.g. "Maandag" and "9 Junie". */
export function dayHeadingParts(isoDate: string, language: Language): { weekday: string; date: string } {
  const locale = DATE_LOCALES[language];
  return {
    weekday: format(calendarDay(isoDate), "EEEE", { locale }),
    date: format(calendarDay(isoDate), "d MMMM", { locale }),
  };
}

/** A calendar date (`YYYY-MM-DD`) written out, e.g. "Maandag 3 Maart 2025". */
export function formatLongDate(isoDate: string, language: Language): string {
  return format(calendarDay(isoDate), "EEEE d MMMM yyyy", { locale: DATE_LOCALES[language] });
}

/** A month with its year, e.g. "November 2026"; short, for a chart's axis, "Nov. 26". */
export function formatMonthYear(isoDate: string, language: Language, { short = false } = {}): string {
  return format(calendarDay(isoDate), short ? "MMM yy" : "LLLL yyyy", { locale: DATE_LOCALES[language] });
}

/** A day and its month in short, for a chart's axis, e.g. "9 Jun.". */
export function formatDayMonth(isoDate: string, language: Language): string {
  return format(calendarDay(isoDate), "d MMM", { locale: DATE_LOCALES[language] });
}

/**
 * A calendar date in short with its weekday, e.g. "Sa 28 Nov" or "Sat 28 Nov". Afrikaans takes
 * the two-letter weekday: date-fns' abbreviations ("Maa", "Sat") are not Afrikaans usage.
 */
export function formatShortDay(isoDate: string, language: Language): string {
  const pattern = language === "af" ? "EEEEEE d MMM" : "EEE d MMM";
  return format(calendarDay(isoDate), pattern, { locale: DATE_LOCALES[language] });
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per use, language and time zone, made once: making one costs far
 * more than formatting with it (a kitchen board writes hundreds of times at once).
 */
function dateTimeFormat(
  use: string,
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${use} ${language} ${timeZone}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language === "en" ? "en-ZA" : "af-ZA", { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** The wall-clock time of an instant in the canteen's time zone, e.g. "08:15". */
export function formatTime(instant: string, timeZone: string, language: Language): string {
  return dateTimeFormat("time", language, timeZone, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(instant));
}

/** A calendar date with its year, e.g. "9 Junie 2031". */
export function formatDate(isoDate: string, language: Language): string {
  return format(calendarDay(isoDate), "d MMMM yyyy", { locale: DATE_LOCALES[language] });
}

/** A calendar date in short, for tables, e.g. "9 Jun. 2031". */
export function formatShortDate(isoDate: string, language: Language): string {
  return format(calendarDay(isoDate), "d MMM yyyy", { locale: DATE_LOCALES[language] });
}

/** An instant's date and wall-clock time in the canteen's time zone, e.g. "9 Junie 2031 08:15". */
export function formatDateTime(instant: string, timeZone: string, language: Language): string {
  return dateTimeFormat("date-time", language, timeZone, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(instant));
}

/**
 * A school week by its Monday: its ISO week number and Monday to Friday written short,
 * e.g. 48 and "23–27 Nov. 2026" ("30 Nov. – 4 Des. 2026" across months).
 */
export function schoolWeekParts(monday: string, language: Language): { number: number; range: string } {
  const locale = DATE_LOCALES[language];
  const from = calendarDay(monday);
  const to = calendarDay(addDaysIso(monday, 4));
  const sameYear = from.getFullYear() === to.getFullYear();
  const range =
    from.getMonth() === to.getMonth() && sameYear
      ? `${format(from, "d", { locale })}–${format(to, "d MMM yyyy", { locale })}`
      : `${format(from, sameYear ? "d MMM" : "d MMM yyyy", { locale })} – ${format(to, "d MMM yyyy", { locale })}`;
  return { number: getISOWeek(from), range };
}
