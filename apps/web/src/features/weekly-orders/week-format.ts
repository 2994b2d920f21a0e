import type { IsoDate } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/messages";
import { format, parseISO } from "date-fns";
import { af } from "date-fns/locale/af";
import { enZA } from "date-fns/locale/en-ZA";

const DATE_LOCALES = { af, en: enZA } as const;

/** A school day's heading, e.g. "Maandag 9 Junie". */
export function formatDayHeading(date: IsoDate, language: Language): string {
  return format(parseISO(date), "EEEE d MMMM", { locale: DATE_LOCALES[language] });
}

/** The two lines of a day card's heading, e.g. "Maandag" and "9 Junie". */
export function dayHeadingParts(date: IsoDate, language: Language): { weekday: string; date: string } {
  const locale = DATE_LOCALES[language];
  return {
    weekday: format(parseISO(date), "EEEE", { locale }),
    date: format(parseISO(date), "d MMMM", { locale }),
  };
}

/** A date with its year, e.g. "9 Junie 2031", for the week's range. */
export function formatRangeDate(date: IsoDate, language: Language): string {
  return format(parseISO(date), "d MMMM yyyy", { locale: DATE_LOCALES[language] });
}
