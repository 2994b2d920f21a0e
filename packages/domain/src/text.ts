import { z } from "zod";

/*
 * The one rule for text from outside (issue 10, decision 0013): no NUL or other control
 * characters, no lone surrogates. PostgreSQL cannot store NUL in text, and the others are
 * never typed by a person; multi-line fields (descriptions) keep tab and line breaks.
 */
const CONTROL_OR_SURROGATE = /[\u0000-\u001F\u007F-\u009F]|\p{Cs}/u;
const CONTROL_BUT_LINES_OR_SURROGATE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;

/** Whether a text holds only characters a person types; `multiline` allows tab, LF and CR. */
export function isCleanText(value: string, { multiline = false } = {}): boolean {
  return !(multiline ? CONTROL_BUT_LINES_OR_SURROGATE : CONTROL_OR_SURROGATE).test(value);
}

/** A one-line text field or query parameter (names, email, search, codes). */
export const text = () => z.string().refine((value) => isCleanText(value), "invalid_text");

/** A text that may span lines (a food item's description). */
export const multilineText = () =>
  z.string().refine((value) => isCleanText(value, { multiline: true }), "invalid_text");
