import { type ParsedStatement, type StatementLine, StatementUnreadable } from "./statement";
import { cleanText, formatCents, joinText, parseAmount, parseDate } from "./values";

// Reads an OFX bank statement, the format South African banks offer for accounting packages:
// OFX 1.x (SGML: "OFXHEADER:100" header lines, elements without closing tags) and OFX 2.x
// (XML). Both keep each transaction in a <STMTTRN> aggregate that is always closed, whose
// elements are read as "<NAME>value" up to the next OFX tag, so one reader serves both. Fields
// used: DTPOSTED (yyyymmdd, then an optional time and [offset:zone], the date kept as the bank
// wrote it), TRNAMT (signed, credits positive), NAME, MEMO and FITID (the bank's transaction id),
// and the statement's ACCTID and CURDEF. OFX has no running balance per transaction.
//
// Only a whole bank statement in rand is read: a download cut off before its </OFX>, a file with
// no bank statement (a sign-on answer, a profile, an investment statement), a credit-card
// statement, a statement in another currency and one holding several accounts are refused
// whole, each with its own reason.

/** A longer value is no bank's transaction field. */
const LONGEST_FIELD = 10_000;

/**
 * The OFX elements a bank statement's transaction may hold (OFX 2.1.1, STMTTRN and the
 * aggregates in it). Any other "<…>" inside a value (a payer's "<KAN7K3Q9Z>" in a MEMO) is text;
 * an element name with a dot is an extension ("INTU.BID") and a tag too.
 */
const TRANSACTION_TAGS = new Set(
  (
    "STMTTRN TRNTYPE DTPOSTED DTUSER DTAVAIL TRNAMT FITID CORRECTFITID CORRECTACTION SRVRTID CHECKNUM " +
    "REFNUM SIC PAYEEID NAME EXTDNAME PAYEE ADDR1 ADDR2 ADDR3 CITY STATE POSTALCODE COUNTRY PHONE " +
    "BANKACCTTO CCACCTTO BANKID BRANCHID ACCTID ACCTTYPE ACCTKEY MEMO IMAGEDATA IMAGETYPE IMAGEREF " +
    "IMAGEREFTYPE IMAGEDELAY DTIMAGEAVAIL IMAGETTL CHECKSUP CURRENCY ORIGCURRENCY CURRATE CURSYM " +
    "INV401KSOURCE"
  ).split(" "),
);
const isTransactionTag = (name: string) => TRANSACTION_TAGS.has(name.toUpperCase()) || name.includes(".");

/** The one currency the canteen's wallets hold. */
const RAND = "ZAR";

export const looksLikeOfx = (text: string) => /^\s*OFXHEADER\s*:/i.test(text) || /<OFX>/i.test(text);

export function parseOfx(text: string): ParsedStatement {
  // Every OFX file ends with </OFX>; a download cut off anywhere before it is not read at all.
  if (!/<\/OFX>/i.test(text)) throw new StatementUnreadable(0, "truncated");
  if (/<CCSTMTRS>/i.test(text)) throw new StatementUnreadable(0, "credit_card");
  const statements = aggregates(text, "STMTRS");
  if (statements.length === 0) throw new StatementUnreadable(0, "no_bank_statement");

  const accounts = new Set(statements.map((statement) => accountOf(statement)));
  // Lines of two accounts under one account number would fingerprint wrongly: one account a file.
  if (accounts.size > 1) throw new StatementUnreadable(0, "several_accounts");
  for (const statement of statements) refuseOtherCurrency(/<CURDEF>\s*([^<\s]*)/i.exec(statement)?.[1]);

  const lines: StatementLine[] = [];
  for (const statement of statements) {
    const openings = [...statement.matchAll(/<STMTTRN>/gi)];
    for (const [index, opening] of openings.entries()) {
      const ordinal = lines.length + 1;
      const block = statement.slice(
        opening.index + opening[0].length,
        openings[index + 1]?.index ?? statement.length,
      );
      const close = block.search(/<\/STMTTRN>/i);
      if (close < 0) throw new StatementUnreadable(ordinal, "unclosed_transaction");
      lines.push(transactionLine(block.slice(0, close), ordinal));
    }
  }
  const [account] = accounts;
  return { bank: "ofx", account: account === "" ? null : account!, lines };
}

/** The bodies of every <NAME>…</NAME> aggregate; one opened and never closed is a cut-off file. */
function aggregates(text: string, name: string): string[] {
  const found: string[] = [];
  const opening = new RegExp(`<${name}>`, "gi");
  const closing = new RegExp(`</${name}>`, "i");
  for (const match of text.matchAll(opening)) {
    const rest = text.slice(match.index + match[0].length);
    const end = rest.search(closing);
    if (end < 0) throw new StatementUnreadable(0, "truncated");
    found.push(rest.slice(0, end));
  }
  return found;
}

/** The statement's own account (BANKACCTFROM comes before any transaction's BANKACCTTO). */
function accountOf(statement: string): string {
  const account = /<ACCTID>([^<]*)/i.exec(statement)?.[1];
  return account === undefined ? "" : cleanText(decodeEntities(account));
}

function refuseOtherCurrency(currency: string | undefined) {
  if (currency !== undefined && currency.toUpperCase() !== RAND) {
    throw new StatementUnreadable(0, "not_rand", { currency: cleanText(currency).slice(0, 10) });
  }
}

/** The transaction's elements by upper-case name, each up to the next OFX tag; the first of a name wins. */
function elements(block: string, ordinal: number): Map<string, string> {
  const tags = [...block.matchAll(/<(\/?)([A-Za-z][A-Za-z0-9.]*)>/g)].filter((tag) =>
    isTransactionTag(tag[2]!),
  );
  const found = new Map<string, string>();
  for (const [index, tag] of tags.entries()) {
    if (tag[1] === "/") continue;
    const value = block.slice(tag.index + tag[0].length, tags[index + 1]?.index ?? block.length);
    if (value.length > LONGEST_FIELD) throw new StatementUnreadable(ordinal, "field_too_long");
    const key = tag[2]!.toUpperCase();
    if (!found.has(key)) found.set(key, decodeEntities(value).trim());
  }
  return found;
}

function transactionLine(block: string, ordinal: number): StatementLine {
  const fields = elements(block, ordinal);
  // A transaction in its own currency (<CURRENCY>, not the ORIGCURRENCY it was converted from).
  const ownCurrency = /<CURRENCY>\s*(?:<CURRATE>[^<]*(?:<\/CURRATE>)?\s*)?<CURSYM>\s*([^<\s]*)/i.exec(block);
  refuseOtherCurrency(ownCurrency?.[1]);
  const posted = /^\d{8}/.exec(fields.get("DTPOSTED") ?? "");
  const date = posted ? parseDate(posted[0]) : null;
  if (date === null) throw new StatementUnreadable(ordinal, "bad_date");
  const amount = parseAmount(fields.get("TRNAMT") ?? "");
  if (amount === null) throw new StatementUnreadable(ordinal, "bad_amount");
  const description = joinText(["NAME", "MEMO", "FITID"].map((name) => fields.get(name) ?? ""));
  return { line: ordinal, date, amount: formatCents(amount), description, balance: null };
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** SGML and XML character references, decoded once (so "&amp;lt;" stays "&lt;"). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? reference;
  });
}
