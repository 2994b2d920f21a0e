import { CsvError, parse } from "csv-parse/sync";
import { CSV_LAYOUTS, type CsvColumns, type CsvLayout, headerKey } from "./csv-layouts";
import { type ParsedStatement, type StatementLine, StatementUnreadable } from "./statement";
import { formatCents, joinText, parseAmount, parseDate } from "./values";

// Reads a bank's CSV export with the layouts in csv-layouts.ts (each names the public source of
// its shape). The layout is found from the file; every transaction row must then read fully or
// the whole file is refused: a half-read statement could miss a payment without anyone noticing.

type Row = { line: number; cells: string[] };

/** A longer line is no bank export, and would make the row scan slow. */
const LONGEST_LINE = 10_000;
/** How far down the header row (or the first record) may stand. */
const RECOGNITION_LINES = 40;

export function parseCsv(text: string): ParsedStatement {
  refuseLongLines(text);
  const delimiter = detectDelimiter(text);
  // The head is read apart from the body: csv-parse builds an error object for every record whose
  // length differs from the first one's, which for a one-cell preamble line before 10,000
  // seven-cell rows costs more than the reading. The body starts at the header (or first record).
  const found = recognise(readRows(text, delimiter, { to_line: RECOGNITION_LINES }));
  if (!found) throw new StatementUnreadable(0, "unknown_format");
  const { layout, preamble, bodyLine } = found;
  const body = readRows(text, delimiter, { from_line: bodyLine });

  let account = accountInPreamble(preamble);
  const lines: StatementLine[] = [];
  for (const row of body) {
    const filled = withoutTrailingEmpty(row.cells);
    if (filled.length === 0) continue;
    if (layout.kind === "header" && isHeader(filled, layout.header)) continue;
    if (layout.kind === "tagged") {
      const tag = headerKey(filled[0] ?? "");
      if (tag === layout.accountTag) {
        account ??= accountNumber(filled.slice(1).join(" "));
        continue;
      }
      if (layout.otherTags.includes(tag)) continue;
      if (tag !== layout.transactionTag) throw new StatementUnreadable(row.line, "unknown_record");
    }
    if (isSummaryRow(row.cells, layout.columns)) continue;
    // Nedbank's notices ("VAT 25/02-26/03 = R15.22", "PROVISIONAL STATEMENT") carry no amount.
    if (
      layout.kind === "labelled" &&
      layout.rowsWithoutAmountAreNotes &&
      hasNoAmount(row.cells, layout.columns)
    ) {
      continue;
    }
    lines.push(transactionLine(row, layout.columns));
    if (account === null && layout.columns.account !== undefined) {
      account = accountNumber(row.cells[layout.columns.account] ?? "");
    }
  }
  return { bank: layout.bank, account, lines };
}

function refuseLongLines(text: string) {
  let start = 0;
  for (let line = 1; start <= text.length; line++) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    if (end - start > LONGEST_LINE) throw new StatementUnreadable(line, "line_too_long");
    start = end + 1;
  }
}

/** Excel's "sep=;" first line names the delimiter; the line itself is then preamble. */
const SEPARATOR_LINE = /^sep=([,;\t|])[ \t]*(?:\n|$)/i;

/**
 * The delimiter a "sep=" first line names, else semicolons when the first lines hold more of them
 * than commas (outside quotes), else commas.
 */
function detectDelimiter(text: string): string {
  const named = SEPARATOR_LINE.exec(text);
  if (named) return named[1]!;
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  let newlines = 0;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (character === "\n" && ++newlines >= RECOGNITION_LINES) break;
    else if (!quoted && character === ",") commas++;
    else if (!quoted && character === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * The records from `from_line` (else the first) to `to_line` (else the last), each with the
 * 1-based line it starts on; quoting is left to csv-parse. A head read may end inside a quoted
 * field: what it read is kept, and the full read reports the error.
 */
function readRows(
  text: string,
  delimiter: string,
  range: { from_line: number } | { to_line: number },
): Row[] {
  const rows: Row[] = [];
  let nextLine = "from_line" in range ? range.from_line : 1;
  try {
    parse(text, {
      ...range,
      delimiter,
      record_delimiter: "\n",
      // The column count is checked per layout, with the line number, below.
      relax_column_count: true,
      // A stray quote inside an unquoted description is text, not a broken file.
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[], context) => {
        rows.push({ line: nextLine, cells: record.map((cell) => cell.trim()) });
        nextLine = context.lines + 1;
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if ("from_line" in range) {
      throw new StatementUnreadable(typeof error.lines === "number" ? error.lines : nextLine, "bad_csv");
    }
  }
  return rows;
}

const withoutTrailingEmpty = (cells: readonly string[]) => {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === "") end--;
  return cells.slice(0, end);
};

const sameCells = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((cell, index) => cell === b[index]);

/** A repeated header row (some exports repeat it per page); the first cell is checked first, as it is cheap. */
const isHeader = (cells: readonly string[], header: readonly string[]) =>
  cells.length === header.length &&
  headerKey(cells[0] ?? "") === header[0] &&
  sameCells(cells.map(headerKey), header);

type Recognised = { layout: CsvLayout; preamble: Row[]; bodyLine: number };

function recognise(head: readonly Row[]): Recognised | null {
  const keys = head.map((row) => withoutTrailingEmpty(row.cells).map(headerKey));
  const lineOf = (index: number) => head[index]?.line ?? (head.at(-1)?.line ?? 0) + 1;
  // A header row decides first: a preamble row may look like another layout's record ("ACC-NO,…").
  for (const [index, rowKeys] of keys.entries()) {
    for (const layout of CSV_LAYOUTS) {
      if (layout.kind === "header" && sameCells(rowKeys, layout.header)) {
        return { layout, preamble: head.slice(0, index), bodyLine: lineOf(index) };
      }
    }
  }
  const firstFilled = keys.findIndex((rowKeys) => rowKeys.length > 0);
  const firstTag = keys[firstFilled]?.[0] ?? "";
  for (const layout of CSV_LAYOUTS) {
    // Only the file's first row decides: "open" or "hist" further down could be anything.
    if (layout.kind === "tagged" && [layout.accountTag, layout.transactionTag, "open"].includes(firstTag)) {
      const start = firstTag === layout.accountTag ? firstFilled + 1 : firstFilled;
      return { layout, preamble: head.slice(0, start), bodyLine: lineOf(start) };
    }
    if (layout.kind === "labelled") {
      const labelled = keys.findIndex((rowKeys) => rowKeys[0] === layout.firstLabel);
      if (labelled < 0) continue;
      let end = labelled + 1;
      while (end < head.length && isLabelOrBlank(head[end]!)) end++;
      return { layout, preamble: head.slice(0, end), bodyLine: lineOf(end) };
    }
  }
  return null;
}

const isLabelOrBlank = (row: Row) => {
  const first = withoutTrailingEmpty(row.cells)[0];
  return first === undefined || first.endsWith(":");
};

/** Digits of an account number in a cell or joined row, spaces and dashes dropped. */
function accountNumber(text: string): string | null {
  const match = /\d[\d -]{4,}\d/.exec(text.replaceAll("'", ""));
  return match ? match[0].replace(/[ -]/g, "") : null;
}

// "FOR ACCOUNT NUMBER 62812345678", "Account Number :,1012345678", "ACC-NO,62000000000".
const ACCOUNT_LABEL = /\b(?:account(?:\s*(?:number|no\.?|nr\.?))?|acc-?no)\b\s*[:#]?\s*'?(\d[\d -]{4,}\d)/i;

function accountInPreamble(rows: readonly Row[]): string | null {
  for (const row of rows) {
    const match = ACCOUNT_LABEL.exec(withoutTrailingEmpty(row.cells).join(" "));
    if (match) return accountNumber(match[1]!);
  }
  return null;
}

// Balance and total rows the banks put before, between or after the transactions.
const SUMMARY_LABEL =
  /^(?:(?:grand )?totals?|(?:opening|closing|open|close) balance|(?:balance )?(?:brought|carried) forward|balance [bc]\/?f|[bc]\/f)$/;
const isSummaryLabel = (cell: string) => SUMMARY_LABEL.test(headerKey(cell));

/**
 * A total or brought/carried-forward row: either it has no date and some cell is such a label
 * ("Total:"), or its main description is exactly one ("BROUGHT FORWARD"). Only whole cells count,
 * so a payment described "TOTAL SPORTS" or referenced "total" is still a transaction.
 */
function isSummaryRow(cells: readonly string[], columns: CsvColumns): boolean {
  if (parseDate(cells[columns.date] ?? "") === null) return cells.some(isSummaryLabel);
  const mainText = columns.text[0];
  if (mainText !== undefined && isSummaryLabel(cells[mainText] ?? "")) return true;
  // Standard Bank's OPEN and CLOSE BALANCE rows: no amount, the label in another text column.
  return hasNoAmount(cells, columns) && columns.text.some((index) => isSummaryLabel(cells[index] ?? ""));
}

/** Every amount cell of the row (and the fee's) is empty. */
function hasNoAmount(cells: readonly string[], columns: CsvColumns): boolean {
  const amountColumns =
    "signed" in columns.amount ? [columns.amount.signed] : [columns.amount.moneyIn, columns.amount.moneyOut];
  if (columns.fee !== undefined) amountColumns.push(columns.fee);
  return amountColumns.every((index) => (cells[index] ?? "") === "");
}

function transactionLine({ line, cells }: Row, columns: CsvColumns): StatementLine {
  const filled = withoutTrailingEmpty(cells).length;
  if (cells.length < columns.columnCount.least || filled > columns.columnCount.most) {
    throw new StatementUnreadable(line, "column_count");
  }
  const cell = (index: number) => cells[index] ?? "";
  const date = parseDate(cell(columns.date));
  if (date === null) throw new StatementUnreadable(line, "bad_date");
  const amount = amountOf(cell, columns, line);
  let balance: string | null = null;
  if (columns.balance !== undefined && cell(columns.balance) !== "") {
    const cents = parseAmount(cell(columns.balance));
    if (cents === null) throw new StatementUnreadable(line, "bad_balance");
    balance = formatCents(cents);
  }
  return { line, date, amount: formatCents(amount), description: joinText(columns.text.map(cell)), balance };
}

const magnitude = (cents: bigint) => (cents < 0n ? -cents : cents);

function amountOf(cell: (index: number) => string, columns: CsvColumns, line: number): bigint {
  const read = (raw: string) => {
    const cents = parseAmount(raw);
    if (cents === null) throw new StatementUnreadable(line, "bad_amount");
    return cents;
  };
  if ("signed" in columns.amount) {
    const signed = cell(columns.amount.signed);
    if (signed !== "") return read(signed);
  } else {
    const moneyIn = cell(columns.amount.moneyIn);
    const moneyOut = cell(columns.amount.moneyOut);
    // Money out is written either way round ("500.00" or "-500.00"); it always lowers the balance.
    if (moneyIn !== "" || moneyOut !== "") {
      return (moneyIn === "" ? 0n : read(moneyIn)) - (moneyOut === "" ? 0n : magnitude(read(moneyOut)));
    }
  }
  // A fee-only row leaves the amount columns empty; the fee is money out.
  if (columns.fee !== undefined && cell(columns.fee) !== "") return -magnitude(read(cell(columns.fee)));
  throw new StatementUnreadable(line, "bad_amount");
}
