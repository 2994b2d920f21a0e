import type { IsoDate } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/messages";
import { format, parseISO } from "date-fns";
import { af } from "date-fns/locale/af";
import { enZA } from "date-fns/locale/en-ZA";

const DATE_LOCALES = { af, en: enZA } as const;

/** "9 Junie 2031" */
export function formatMenuDate(date: IsoDate, language: Language): string {
  return format(parseISO(date), "d MMMM yyyy", { locale: DATE_LOCALES[language] });
}

/** "Junie" for month 6 (1-based). */
export function formatMonth(month: number, language: Language): string {
  return format(new Date(2000, month - 1, 1), "LLLL", { locale: DATE_LOCALES[language] });
}
