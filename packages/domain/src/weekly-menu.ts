import { z } from "zod";
import {
  addDaysIso,
  daysBetween,
  type IsoDate,
  isIsoDate,
  isoWeekday,
  mondayOf,
  WEEKDAYS,
  type Weekday,
} from "./dates";
import type { ErrorCode } from "./messages";

/**
 * Weekly-menu date rules: a menu covers exactly Monday to Friday of a week that starts after today.
 * The create dialog and the server call the same functions; `today` is always an input,
 * taken in the canteen's time zone (`todayIn(config.timeZone)`), never the machine's clock.
 */

/** A menu's dates as the create form holds them. */
export type MenuDates = { dateFrom: IsoDate; dateTo: IsoDate };
/** A weekly_menu row as the API answers it. */
export type WeeklyMenuRow = { date_from: IsoDate; date_to: IsoDate };

/** The seven rules' message codes, in the order they are checked. */
export const WEEKLY_MENU_DATE_CODES = [
  "weekly_menu_dates_required",
  "weekly_menu_end_not_after_start",
  "weekly_menu_not_five_days",
  "weekly_menu_not_monday",
  "weekly_menu_not_friday",
  "weekly_menu_not_future",
  "weekly_menu_exists",
] as const satisfies readonly ErrorCode[];
export type WeeklyMenuDateCode = (typeof WEEKLY_MENU_DATE_CODES)[number];

type DateRule = {
  code: Exclude<WeeklyMenuDateCode, "weekly_menu_dates_required">;
  holds(dates: MenuDates, today: IsoDate, existing: readonly MenuDates[]): boolean;
};

/**
 * The rules after "both dates required", in a fixed order; the first that fails is the
 * answer. "Ends on Friday" follows from "5 days" and "starts on Monday", so in this order it
 * never comes first; it stays in its place, a guard should the order ever change.
 */
export const WEEKLY_MENU_DATE_RULES: readonly DateRule[] = [
  { code: "weekly_menu_end_not_after_start", holds: (d) => d.dateTo > d.dateFrom },
  // Monday to Friday: 4 days between the dates, 5 days covered.
  { code: "weekly_menu_not_five_days", holds: (d) => daysBetween(d.dateFrom, d.dateTo) === 4 },
  { code: "weekly_menu_not_monday", holds: (d) => isoWeekday(d.dateFrom) === 1 },
  { code: "weekly_menu_not_friday", holds: (d) => isoWeekday(d.dateTo) === 5 },
  // Strictly after today: this week's Monday is too late once it has come.
  { code: "weekly_menu_not_future", holds: (d, today) => d.dateFrom > today },
  {
    code: "weekly_menu_exists",
    holds: (d, _today, existing) => !existing.some((e) => e.dateFrom === d.dateFrom && e.dateTo === d.dateTo),
  },
];

/**
 * The first failing rule's message code, or null when the menu may be created. A value
 * that is not a calendar date counts as not filled in (a date input holds "" until it is
 * complete). `existing` needs only the menus with the same dates; more do no harm.
 */
export function validateWeeklyMenuDates(
  dates: { dateFrom?: string | null | undefined; dateTo?: string | null | undefined },
  today: IsoDate,
  existing: readonly MenuDates[],
): WeeklyMenuDateCode | null {
  const { dateFrom, dateTo } = dates;
  if (!dateFrom || !dateTo || !isIsoDate(dateFrom) || !isIsoDate(dateTo)) return "weekly_menu_dates_required";
  const failed = WEEKLY_MENU_DATE_RULES.find((rule) => !rule.holds({ dateFrom, dateTo }, today, existing));
  return failed?.code ?? null;
}

/** Codes about the end date; the others are shown at the start date. */
const END_DATE_CODES: readonly WeeklyMenuDateCode[] = [
  "weekly_menu_end_not_after_start",
  "weekly_menu_not_friday",
];

/**
 * The create form's schema: the first failing rule as one issue whose message is its code,
 * on the date it concerns. The form resolves with it; the server calls the same rules.
 */
export function weeklyMenuDatesForm(today: IsoDate, existing: readonly MenuDates[]) {
  return z.object({ dateFrom: z.string(), dateTo: z.string() }).superRefine((dates, context) => {
    const code = validateWeeklyMenuDates(dates, today, existing);
    if (code) {
      context.addIssue({
        code: "custom",
        message: code,
        path: [END_DATE_CODES.includes(code) ? "dateTo" : "dateFrom"],
      });
    }
  });
}

export function menuDates(menu: WeeklyMenuRow): MenuDates {
  return { dateFrom: menu.date_from, dateTo: menu.date_to };
}

/**
 * current: today is Monday to Friday of the week. On a weekend the week that just ended is
 * past and the coming one future: no week is current on Saturday or Sunday.
 */
export type WeekLabel = "current" | "past" | "future";
export type MenuWeek<T extends WeeklyMenuRow = WeeklyMenuRow> = MenuDates & { menu: T; label: WeekLabel };

export function weekLabel(week: MenuDates, today: IsoDate): WeekLabel {
  if (today < week.dateFrom) return "future";
  if (today > week.dateTo) return "past";
  return "current";
}

function isSchoolWeek({ dateFrom, dateTo }: MenuDates): boolean {
  return (
    isIsoDate(dateFrom) &&
    isIsoDate(dateTo) &&
    isoWeekday(dateFrom) === 1 &&
    dateTo === addDaysIso(dateFrom, 4)
  );
}

/** The week selector's entries: only Monday-to-Friday menus, by start date, each labelled. */
export function listMenuWeeks<T extends WeeklyMenuRow>(menus: readonly T[], today: IsoDate): MenuWeek<T>[] {
  return menus
    .map((menu) => ({ ...menuDates(menu), menu }))
    .filter(isSchoolWeek)
    .sort((a, b) => (a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : 0))
    .map((week) => ({ ...week, label: weekLabel(week, today) }));
}

/**
 * The week selected when /menu opens: the upcoming week whose start is closest
 * to today (start ≥ today), otherwise the first week, or null when there are none.
 */
export function defaultMenuWeek<W extends MenuDates>(weeks: readonly W[], today: IsoDate): W | null {
  let closest: W | null = null;
  for (const week of weeks) {
    if (week.dateFrom >= today && (closest === null || week.dateFrom < closest.dateFrom)) closest = week;
  }
  return closest ?? weeks[0] ?? null;
}

/** Next week, Monday to Friday; on a weekend, the week that starts on the coming Monday. */
export function suggestNextWeek(today: IsoDate): MenuDates {
  const dateFrom = addDaysIso(mondayOf(today), 7);
  return { dateFrom, dateTo: addDaysIso(dateFrom, 4) };
}

/**
 * The create dialog's proposal: the Monday after the latest existing week's end,
 * or next week when there is no menu or that Monday is not after today (it could not be created).
 */
export function proposeNextMenuWeek(menus: readonly WeeklyMenuRow[], today: IsoDate): MenuDates {
  let latestEnd: IsoDate | null = null;
  for (const { date_to } of menus) {
    if (isIsoDate(date_to) && (latestEnd === null || date_to > latestEnd)) latestEnd = date_to;
  }
  if (latestEnd === null) return suggestNextWeek(today);
  const dateFrom = addDaysIso(mondayOf(latestEnd), 7);
  return dateFrom > today ? { dateFrom, dateTo: addDaysIso(dateFrom, 4) } : suggestNextWeek(today);
}

/**
 * "Kopieer verlede week": the week a copy goes to, by its Monday. The previous week's dishes
 * land on the same weekdays; only days after today take one, so a copy never changes a day
 * already served or being ordered (today included).
 */
export const copyWeekInput = z.object({
  week: z.string().refine((value) => isIsoDate(value) && isoWeekday(value) === 1, "weekly_menu_not_monday"),
});
export type CopyWeekInput = z.infer<typeof copyWeekInput>;

/** The weekdays of the week starting `monday` that a copy may fill: those after `today`. */
export function copyableWeekdays(monday: IsoDate, today: IsoDate): Weekday[] {
  return WEEKDAYS.filter((_day, index) => addDaysIso(monday, index) > today);
}

/** `POST /api/admin/menus/copy-week`: the target week's menu (made when missing) and how many dishes came. */
export const copyWeekAnswer = z.object({
  success: z.literal(true),
  data: z.object({ menuId: z.string(), dateFrom: z.string(), dateTo: z.string(), copied: z.number().int() }),
});
