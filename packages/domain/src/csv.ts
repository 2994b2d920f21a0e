/** A plain number ("-12,00", "-12.00"): a figure a spreadsheet reads as one, never a formula. */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * One CSV cell: quoted, quotes doubled, and a text that a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) starts with an apostrophe instead. A
 * negative amount stays a number. The one rule for every CSV the app writes: the server's
 * exports and the reports the browser makes.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV line of cells, ended as spreadsheets expect. */
export function csvLine(cells: (string | number)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
