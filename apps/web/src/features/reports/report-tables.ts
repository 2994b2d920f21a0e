import { csvLine } from "@kantien/domain/csv";
import type { Language } from "@kantien/domain/language";
import { formatAmount, formatRand } from "@kantien/domain/money";

/** A figure in a report's table: words, a count, or rand (shown as "R 42,00", exported as "42,00"). */
export type ReportCell = string | number | { rand: string };

/**
 * One of a report's tables: what the screen shows under a chart or on its own, and what the CSV
 * holds, so every figure a chart draws can be read and exported the same way.
 */
export type ReportTable = {
  id: string;
  caption: string;
  columns: string[];
  rows: ReportCell[][];
};

/** A cell as the screen writes it. */
export function cellText(cell: ReportCell): string {
  return typeof cell === "object" ? formatRand(cell.rand) : String(cell);
}

/** Whether a column holds figures (right-aligned): any cell of it is a count or rand. */
export function isFigureColumn(table: ReportTable, column: number): boolean {
  return table.rows.some((row) => typeof row[column] !== "string");
}

/**
 * A view's tables as one CSV file in the caller's language: each table under its caption, a blank
 * line between, amounts as "42,00" (af) or "42.00" (en), every cell through the domain's one CSV
 * cell rule (a text a spreadsheet would run as a formula stays text). A BOM first, so spreadsheets
 * read ë and ê as UTF-8.
 */
export function reportCsv(title: string, tables: ReportTable[], language: Language): string {
  const lines = [csvLine([title])];
  for (const table of tables) {
    lines.push("\r\n", csvLine([table.caption]), csvLine(table.columns));
    for (const row of table.rows) {
      lines.push(
        csvLine(row.map((cell) => (typeof cell === "object" ? formatAmount(cell.rand, language) : cell))),
      );
    }
  }
  return `\uFEFF${lines.join("")}`;
}

/** Saves a CSV the browser made as a download. */
export function downloadCsv(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
