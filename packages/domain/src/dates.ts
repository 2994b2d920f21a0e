import { TZDate } from "@date-fns/tz";
import { addDays, format, getISODay } from "date-fns";

/** A calendar date as `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The dates the canteen deals in; anything outside is a typo, refused before SQL sees it. */
export const DATE_MIN: IsoDate = "2000-01-01";
export const DATE_MAX: IsoDate = "2100-12-31";

/** A real calendar date (no 30 February) between DATE_MIN and DATE_MAX. */
export function isIsoDate(value: string): value is IsoDate {
  if (!ISO_DATE.test(value) || value < DATE_MIN || value > DATE_MAX) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** Today's date in the canteen's time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  return format(new TZDate(now, timeZone), "yyyy-MM-dd");
}

/** The instant range [start, end) of a calendar date in the canteen's time zone. */
export function dayRange(date: IsoDate, timeZone: string): { start: Date; end: Date } {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const start = new TZDate(y, m - 1, d, timeZone);
  const end = new TZDate(y, m - 1, d + 1, timeZone);
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

function toUtcDate(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtcDate(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

export function addDaysIso(date: IsoDate, days: number): IsoDate {
  return fromUtcDate(addDays(toUtcDate(date), days));
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: IsoDate): number {
  return getISODay(new TZDate(toUtcDate(date), "UTC"));
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toUtcDate(b).getTime() - toUtcDate(a).getTime()) / 86_400_000);
}

/** The Monday of the week that holds `date`. */
export function mondayOf(date: IsoDate): IsoDate {
  return addDaysIso(date, 1 - isoWeekday(date));
}

/** Monday to Friday of the week that holds `date`. */
export function schoolWeekOf(date: IsoDate): { dateFrom: IsoDate; dateTo: IsoDate } {
  const dateFrom = mondayOf(date);
  return { dateFrom, dateTo: addDaysIso(dateFrom, 4) };
}

/** The five school days of the week that starts on `monday`. */
export function schoolDays(monday: IsoDate): IsoDate[] {
  return [0, 1, 2, 3, 4].map((i) => addDaysIso(monday, i));
}

/** Afrikaans weekday names used by food items. */
export const WEEKDAYS = ["Maandag", "Dinsdag", "Woensdag", "Donderdag", "Vrydag"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The weekday name of a school day, or null on a weekend. */
export function weekdayOf(date: IsoDate): Weekday | null {
  const n = isoWeekday(date);
  return n <= 5 ? (WEEKDAYS[n - 1] ?? null) : null;
}
