import { z } from "zod";

/*
 * The one rule for text from outside (decision 0013): no NUL or other control
 * characters, no lone surrogates. PostgreSQL cannot store NUL in text, and the others are
 * never typed by a person; multi-line fields (descriptions) keep tab and line breaks.
 */
// Cc: U+0000–U+001F and U+007F–U+009F; Cs: a surrogate not part of a pair.
const CONTROL_OR_SURROGATE = /[\p{Cc}\p{Cs}]/u;
const CONTROL_BUT_LINES_OR_SURROGATE = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** Whether a text holds only characters a person types; `multiline` allows tab, LF and CR. */
export function isCleanText(value: string, { multiline = false } = {}): boolean {
  return !(multiline ? CONTROL_BUT_LINES_OR_SURROGATE : CONTROL_OR_SURROGATE).test(value);
}

/** A one-line text field or query parameter (names, email, search, codes). */
export const text = () => z.string().refine((value) => isCleanText(value), "invalid_text");

/** A text that may span lines (a food item's description). */
export const multilineText = () =>
  z.string().refine((value) => isCleanText(value, { multiline: true }), "invalid_text");
