/**
 * One CSV cell: quoted, quotes doubled, and a text that a spreadsheet would run as a
 * formula (=, +, -, @, tab, carriage return first) starts with an apostrophe instead.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV line of cells, ended as spreadsheets expect. */
export function csvLine(cells: (string | number)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
