import { type ParsedStatement, type StatementLine, StatementUnreadable } from "./statement";
import { cleanText, formatCents, joinText, parseAmount, parseDate } from "./values";

// Reads an OFX bank statement, the format South African banks offer for accounting packages:
// OFX 1.x (SGML: "OFXHEADER:100" header lines, elements without closing tags) and OFX 2.x
// (XML). Both keep each transaction in a <STMTTRN> aggregate that is always closed, whose
// elements are read as "<NAME>value" up to the next tag, so one reader serves both. Fields used:
// DTPOSTED (yyyymmdd, then an optional time and [offset:zone], the date kept as the bank wrote
// it), TRNAMT (signed, credits positive), NAME, MEMO and FITID (the bank's transaction id), and
// the statement's ACCTID. OFX has no running balance per transaction.

/** A longer value is no bank's transaction field. */
const LONGEST_FIELD = 10_000;

export const looksLikeOfx = (text: string) => /^\s*OFXHEADER\s*:/i.test(text) || /<OFX>/i.test(text);

export function parseOfx(text: string): ParsedStatement {
  const account = /<ACCTID>([^<]*)/i.exec(text)?.[1];
  const openings = [...text.matchAll(/<STMTTRN>/gi)];
  const lines = openings.map((opening, index): StatementLine => {
    const ordinal = index + 1;
    const block = text.slice(opening.index + opening[0].length, openings[index + 1]?.index ?? text.length);
    const close = block.search(/<\/STMTTRN>/i);
    if (close < 0) throw new StatementUnreadable(ordinal, "unclosed_transaction");
    return transactionLine(elements(block.slice(0, close), ordinal), ordinal);
  });
  const accountText = account === undefined ? "" : cleanText(decodeEntities(account));
  return { bank: "ofx", account: accountText === "" ? null : accountText, lines };
}

/** The transaction's elements by upper-case name; the first of a name wins. */
function elements(block: string, ordinal: number): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, value] of block.matchAll(/<([A-Za-z0-9.]+)>([^<]*)/g)) {
    if (value!.length > LONGEST_FIELD) throw new StatementUnreadable(ordinal, "field_too_long");
    const key = name!.toUpperCase();
    if (!found.has(key)) found.set(key, decodeEntities(value!).trim());
  }
  return found;
}

function transactionLine(fields: Map<string, string>, ordinal: number): StatementLine {
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
