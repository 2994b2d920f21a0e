import { addDaysIso, type IsoDate, isIsoDate, mondayOf } from "@kantien/domain/dates";
import { SALES_GROUPINGS, type SalesGrouping } from "@kantien/domain/reports";
import { type AddressParam, oneOfParam } from "../../lib/list-params";

/** The screen's three views, named in the address (`?view=`), so a reload or a link keeps it. */
export const REPORT_VIEWS = ["day", "sales", "held"] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

export const viewParam = oneOfParam(REPORT_VIEWS, "day");
export const groupByParam: AddressParam<SalesGrouping> = oneOfParam(SALES_GROUPINGS, "week");

/** A date in the address, else `fallback`; the fallback is left out of the address. */
export function dateParam(fallback: IsoDate): AddressParam<IsoDate> {
  return {
    read: (raw) => (raw !== null && isIsoDate(raw) ? raw : fallback),
    write: (date) => (date === fallback ? null : date),
  };
}

/** The day view's day unless chosen: yesterday, the latest day that can be closed. */
export function defaultReportDay(today: IsoDate): IsoDate {
  return addDaysIso(today, -1);
}

/** The sales view's range unless chosen: this week and the seven before it. */
export function defaultSalesRange(today: IsoDate): { from: IsoDate; to: IsoDate } {
  return { from: addDaysIso(mondayOf(today), -49), to: today };
}
