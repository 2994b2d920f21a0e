// Reading one cell of a statement: a date, a rand amount, a piece of free text. Nothing here
// guesses from context: a cell either reads as exactly one value or not at all, and the caller
// refuses the file when a transaction's cell does not read.

const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ["jan", "january"],
    ["feb", "february"],
    ["mar", "march"],
    ["apr", "april"],
    ["may", "may"],
    ["jun", "june"],
    ["jul", "july"],
    ["aug", "august"],
    ["sep", "september"],
    ["oct", "october"],
    ["nov", "november"],
    ["dec", "december"],
  ].flatMap(([short, long], index) => [
    [short!, index + 1],
    [long!, index + 1],
  ]),
);
// Exports made on an Afrikaans profile abbreviate three months differently.
const AFRIKAANS_MONTHS: ReadonlyMap<string, number> = new Map([
  ["sept", 9],
  ["mei", 5],
  ["okt", 10],
  ["des", 12],
]);

const monthNumber = (name: string): number | undefined =>
  MONTHS.get(name.toLowerCase()) ?? AFRIKAANS_MONTHS.get(name.toLowerCase());

// A time after the date ("2026-11-24 10:15:00", "2026-11-24T10:15") is allowed and dropped.
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?`;
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const DAY_FIRST = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})${TIME}$`);
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const NAMED_MONTH = new RegExp(String.raw`^(\d{1,2})[-/ ]?([A-Za-z]{3,9})\.?[-/ ,]?(\d{4}|\d{2})${TIME}$`);

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A statement date as ISO "2026-11-24", or null when the cell is not one date. South African
 * exports put the day before the month, so "03/11/2026" is the 3rd of November, never March 11.
 */
export function parseDate(raw: string): string | null {
  const text = raw.trim();
  let match = YEAR_FIRST.exec(text) ?? COMPACT.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = DAY_FIRST.exec(text);
  if (match) return isoDate(Number(match[3]), Number(match[2]), Number(match[1]));
  match = NAMED_MONTH.exec(text);
  if (match) {
    const month = monthNumber(match[2]!);
    if (month === undefined) return null;
    const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return isoDate(year, month, Number(match[1]));
  }
  return null;
}

// Space-like characters banks and spreadsheets use as thousands separators.
const SPACES = /[\s\u00a0\u2007\u2009\u202f]/g;
const THOUSANDS_COMMA = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const THOUSANDS_DOT_DECIMAL_COMMA = /^\d{1,3}(?:\.\d{3})+,\d{1,2}$/;
const DECIMAL_COMMA = /^\d+,\d{1,2}$/;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;
// More digits than this is no canteen payment: refuse rather than carry a huge number.
const MOST_INTEGER_DIGITS = 13;

/**
 * A rand amount in cents, or null when the cell is not one number. Reads "1234.56", "1,234.56",
 * "1 234.56", "R 1 234.56", "-R30,000.00", "+000000000150.00", "150.00-", "(150.00)",
 * "150.00 Cr" / "150.00 Dr" and a decimal comma ("150,50"). An empty cell is null too: the
 * caller decides whether empty is allowed.
 */
export function parseAmount(raw: string): bigint | null {
  let text = raw.replace(SPACES, "");
  let negative = false;
  const creditDebit = /(cr|dr)$/i.exec(text);
  if (creditDebit) {
    negative = creditDebit[1]!.toLowerCase() === "dr";
    text = text.slice(0, -2);
  }
  if (text.startsWith("(") && text.endsWith(")")) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.endsWith("-")) {
    negative = true;
    text = text.slice(0, -1);
  }
  // The sign may stand before or after the currency: "-R150.00", "R-150.00", never both.
  const prefix = /^([+-]?)(?:zar|r)?([+-]?)/i.exec(text)!;
  if (prefix[1] && prefix[2]) return null;
  negative ||= prefix[1] === "-" || prefix[2] === "-";
  text = text.slice(prefix[0].length);

  if (THOUSANDS_COMMA.test(text)) text = text.replaceAll(",", "");
  else if (THOUSANDS_DOT_DECIMAL_COMMA.test(text)) text = text.replaceAll(".", "").replace(",", ".");
  else if (DECIMAL_COMMA.test(text)) text = text.replace(",", ".");

  const match = PLAIN.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").padEnd(2, "0");
  // "150.000" is still R150, "150.005" is not a rand amount.
  if (/[^0]/.test(fraction.slice(2)) || whole.length > MOST_INTEGER_DIGITS) return null;
  const cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2));
  return negative ? -cents : cents;
}

/** Cents as the rand string the API promises: "150.00", "-20.00", "0.00". */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, "0")}`;
}

/**
 * Free text made safe to keep and show: control characters (NUL and the rest) and invisible
 * format characters (zero-width, bidirectional overrides) removed, runs of white space made one
 * space (banks pad descriptions to fixed widths), trimmed. Nothing is interpreted: text that looks
 * like a spreadsheet formula stays that text.
 */
export function cleanText(raw: string): string {
  return raw
    .replace(/[\p{Cc}\p{Cf}]/gu, (character) => (/\s/.test(character) ? " " : ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** The non-empty cleaned parts, once each, joined the way `StatementLine.description` promises. */
export function joinText(parts: readonly string[]): string {
  const kept: string[] = [];
  for (const part of parts.map(cleanText)) {
    if (part !== "" && !kept.includes(part)) kept.push(part);
  }
  return kept.join(" | ");
}
