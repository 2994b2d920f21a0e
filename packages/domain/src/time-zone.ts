/**
 * The canteen's time zone when CANTEEN_TIMEZONE is not set: "today", weeks and cut-offs are
 * reckoned in it. Apart from dates.ts so a first page can know it without date-fns.
 */
export const DEFAULT_TIMEZONE = "Africa/Johannesburg";
