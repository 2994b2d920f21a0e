import type { StatementBank } from "./statement";

// The CSV layouts of the South African banks' exports, one entry per layout, each with where
// its shape comes from. A layout is recognised by its column header row, or, for the two banks
// that write none, by their record tags (Standard Bank) or their first label row (Nedbank).
// Dates are read in any of the forms `parseDate` knows, so a bank changing its date format
// does not break the import; the form named here is the one the bank is known to write.

/** Where a transaction's parts are, as 0-based column indexes. */
export type CsvColumns = {
  date: number;
  /** One signed column, or money in and money out in two columns. */
  amount: { signed: number } | { moneyIn: number; moneyOut: number };
  /** A column that carries the amount of a fee-only row whose amount columns are empty. */
  fee?: number;
  balance?: number;
  /** Free-text columns, most telling first; joined into the description. */
  text: readonly number[];
  /** A column holding the account number on every row. */
  account?: number;
  /** How many columns a transaction row may have (trailing empty cells aside for the most). */
  columnCount: { least: number; most: number };
};

export type HeaderLayout = {
  kind: "header";
  bank: StatementBank;
  name: string;
  /** The header row's cells, normalised by `headerKey`. */
  header: readonly string[];
  columns: CsvColumns;
};

/** Standard Bank's export: no header row, every row starts with a record tag. */
export type TaggedLayout = {
  kind: "tagged";
  bank: StatementBank;
  name: string;
  transactionTag: string;
  accountTag: string;
  /** Tags of rows that are not transactions (opening and closing balances, the account). */
  otherTags: readonly string[];
  columns: CsvColumns;
};

/** Nedbank's export: "Label :" rows, then transaction rows without a header. */
export type LabelledLayout = {
  kind: "labelled";
  bank: StatementBank;
  name: string;
  firstLabel: string;
  /** The bank writes notices as dated rows without an amount: skipped, not refused. */
  rowsWithoutAmountAreNotes: boolean;
  columns: CsvColumns;
};

export type CsvLayout = HeaderLayout | TaggedLayout | LabelledLayout;

/** A header or tag cell compared without case, spacing or a trailing colon. */
export const headerKey = (cell: string) =>
  cell.toLowerCase().replace(/\s+/g, " ").replace(/\s*:$/, "").trim();

type ColumnNames = {
  date: string;
  amount: { signed: string } | { moneyIn: string; moneyOut: string };
  fee?: string;
  balance?: string;
  text: readonly string[];
  account?: string;
};

/** A header layout with its columns named as in the header, so an index can't drift from its name. */
function headerLayout(bank: StatementBank, name: string, header: readonly string[], names: ColumnNames) {
  const keys = header.map(headerKey);
  const index = (column: string) => {
    const found = keys.indexOf(headerKey(column));
    if (found < 0) throw new Error(`${name}: no column "${column}"`);
    return found;
  };
  const columns: CsvColumns = {
    date: index(names.date),
    amount:
      "signed" in names.amount
        ? { signed: index(names.amount.signed) }
        : { moneyIn: index(names.amount.moneyIn), moneyOut: index(names.amount.moneyOut) },
    ...(names.fee !== undefined && { fee: index(names.fee) }),
    ...(names.balance !== undefined && { balance: index(names.balance) }),
    text: names.text.map(index),
    ...(names.account !== undefined && { account: index(names.account) }),
    columnCount: { least: header.length, most: header.length },
  };
  return { kind: "header", bank, name, header: keys, columns } satisfies HeaderLayout;
}

export const CSV_LAYOUTS: readonly CsvLayout[] = [
  // FNB online banking "transaction history" download, as documented by the csf_za ERPNext app's
  // bank-statement import: two preamble rows ("ACCOUNT TRANSACTION HISTORY", "FOR ACCOUNT NUMBER
  // …"), then this header; dates yyyy/mm/dd; one signed amount (credits positive), numbers often
  // without decimals ("750"); a service-fee column apart from the amount; the file may carry NUL
  // bytes, which that importer strips before reading.
  headerLayout(
    "fnb",
    "FNB transaction history",
    ["Date", "SERVICE FEE", "Amount", "DESCRIPTION", "REFERENCE", "Balance", "CHEQUE NUMBER"],
    { date: "Date", amount: { signed: "Amount" }, balance: "Balance", text: ["DESCRIPTION", "REFERENCE"] },
  ),
  // FNB's shorter transaction-history layout that public FNB converters and importers target:
  // Date, Amount, Balance, Description, after optional account/opening-balance preamble rows;
  // one signed amount.
  headerLayout("fnb", "FNB transaction history (short)", ["Date", "Amount", "Balance", "Description"], {
    date: "Date",
    amount: { signed: "Amount" },
    balance: "Balance",
    text: ["Description"],
  }),
  // ABSA online banking export, as in the sample file of a public ABSA-to-YNAB converter:
  // header Date, Description, Amount, Balance and no preamble; dates yyyymmdd; one signed amount;
  // descriptions padded with runs of spaces, quoted when they hold a comma ("( 1,50 )").
  headerLayout("absa", "ABSA transaction history", ["Date", "Description", "Amount", "Balance"], {
    date: "Date",
    amount: { signed: "Amount" },
    balance: "Balance",
    text: ["Description"],
  }),
  // Standard Bank Business Online export, as handled by a public Standard Bank CSV converter:
  // account and bank metadata rows, then this header; dates dd/mm/yyyy; one signed amount.
  headerLayout(
    "standard_bank",
    "Standard Bank Business Online",
    [
      "Date",
      "Value Date",
      "Statement Description",
      "Amount",
      "Balance",
      "Type",
      "Originator",
      "Customer Reference",
    ],
    {
      date: "Date",
      amount: { signed: "Amount" },
      balance: "Balance",
      text: ["Statement Description", "Customer Reference", "Originator"],
    },
  ),
  // Standard Bank's "Statement of Account" CSV, as documented by the csf_za ERPNext app
  // (github.com/dvdl16/csf_za, docs/csf_za_bank_statement_import.md): "Statement of Account", then
  // label rows ("Account No:", "Currency:", …) between blank rows, then this header of nine
  // columns; dates yyyy/mm/dd; one signed amount ("-7000.00"), balances signed ("+138985.31");
  // OPEN BALANCE and CLOSE BALANCE rows carry a balance and no amount, their label in the
  // Originator Reference column.
  headerLayout(
    "standard_bank",
    "Standard Bank statement of account",
    [
      "Date",
      "Value Date",
      "Statement Number",
      "Description",
      "Amount",
      "Balance",
      "Type",
      "Originator Reference",
      "Customer Reference",
    ],
    {
      date: "Date",
      amount: { signed: "Amount" },
      balance: "Balance",
      text: ["Description", "Originator Reference", "Customer Reference"],
    },
  ),
  // Standard Bank online banking CSV download: no header; an ACC-NO row with the account number,
  // an OPEN row (opening balance), one HIST row per transaction, a CLOSE row. A HIST row is tag,
  // date (yyyymmdd), a cheque/serial number (mostly empty), a signed amount zero-padded with its
  // sign ("+000000000150.00"), the description, and a second description/reference field. Taken
  // from the legacy-format handling of a public Standard Bank converter (which skips ACC-NO and
  // OPEN/CLOSE rows and reads date, number, amount, description in that order); no balance.
  {
    kind: "tagged",
    bank: "standard_bank",
    name: "Standard Bank online banking",
    transactionTag: "hist",
    accountTag: "acc-no",
    otherTags: ["open", "close", "all"],
    columns: { date: 1, amount: { signed: 3 }, text: [4, 5, 2], columnCount: { least: 5, most: 6 } },
  },
  // Nedbank online banking statement enquiry export, as documented by the csf_za ERPNext app
  // (github.com/dvdl16/csf_za, docs/csf_za_bank_statement_import.md): label rows ("Statement
  // Enquiry :", "Account Number :", "Account Description :", "Statement Number :"), then rows of
  // date (dd-Mon-yy or ddMonyyyy), description, signed amount, balance, with no header. BROUGHT
  // FORWARD and CARRIED FORWARD rows (balances, no amount) may stand anywhere, and notices are rows
  // without an amount, some without a balance too: "VAT 25/02-26/03 = R15.22", "PROVISIONAL STATEMENT".
  {
    kind: "labelled",
    bank: "nedbank",
    name: "Nedbank statement enquiry",
    firstLabel: "statement enquiry",
    rowsWithoutAmountAreNotes: true,
    columns: { date: 0, amount: { signed: 2 }, balance: 3, text: [1], columnCount: { least: 4, most: 4 } },
  },
  // Capitec online banking export, as documented by the csf_za ERPNext app: a "Balance brought
  // forward:" row and a blank row, then this header; the account number on every row; dates
  // dd/mm/yyyy; one signed amount and a separate Fees column; a "Total:" row at the end.
  headerLayout(
    "capitec",
    "Capitec transaction history",
    ["Account", "Date", "Description", "Reference", "Amount", "Fees", "Balance"],
    {
      date: "Date",
      amount: { signed: "Amount" },
      fee: "Fees",
      balance: "Balance",
      text: ["Description", "Reference"],
      account: "Account",
    },
  ),
  // Capitec's personal transaction history since 2023: a "sep=," first line (Excel's delimiter
  // hint), then this header; money out and money in unsigned in two columns; the account number on
  // every row. Column names as listed in github.com/Zen-CODE/zenprojects,
  // python/django/capiccount/budget/models.py ("Capitec's export to csv (updated)").
  headerLayout(
    "capitec",
    "Capitec transaction history (2023)",
    [
      "Sequence Number",
      "Account",
      "Posting Date",
      "Transaction Date",
      "Statement Description",
      "Long Description",
      "Parent Category",
      "Sub-category",
      "Debit Amount",
      "Credit Amount",
      "Balance",
    ],
    {
      date: "Posting Date",
      amount: { moneyIn: "Credit Amount", moneyOut: "Debit Amount" },
      balance: "Balance",
      text: ["Statement Description", "Long Description"],
      account: "Account",
    },
  ),
  // Capitec's earlier transaction history, as in the real export github.com/Zen-CODE/zenprojects,
  // python/django/capiccount/Capitec.csv: "sep=,", then this header; dates dd/mm/yyyy; debit and
  // credit unsigned in two columns; the payer's text in Narrative.
  headerLayout(
    "capitec",
    "Capitec transaction history (before 2023)",
    [
      "Account",
      "Transaction Date",
      "Journal Number",
      "Transaction Type",
      "Branch",
      "Description",
      "DebitAmount",
      "CreditAmount",
      "Narrative",
      "BalanceAmount",
    ],
    {
      date: "Transaction Date",
      amount: { moneyIn: "CreditAmount", moneyOut: "DebitAmount" },
      balance: "BalanceAmount",
      text: ["Description", "Narrative"],
      account: "Account",
    },
  ),
  // Capitec app export with money in and money out apart and the bank's categories. Column names
  // as reported for the app's transaction export; not checked against a real file.
  headerLayout(
    "capitec",
    "Capitec app export",
    [
      "Nr",
      "Account",
      "Posting Date",
      "Transaction Date",
      "Description",
      "Original Description",
      "Parent Category",
      "Category",
      "Money In",
      "Money Out",
      "Fee",
      "Balance",
    ],
    {
      date: "Posting Date",
      amount: { moneyIn: "Money In", moneyOut: "Money Out" },
      fee: "Fee",
      balance: "Balance",
      text: ["Description", "Original Description"],
      account: "Account",
    },
  ),
];
