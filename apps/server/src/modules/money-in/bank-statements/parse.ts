import { parseCsv } from "./parse-csv";
import { looksLikeOfx, parseOfx } from "./parse-ofx";
import { statementText } from "./read-text";
import type { ParsedStatement } from "./statement";

// The bank-statement reader: a bank's CSV or OFX export in, its transactions out. Pure code,
// no database; matching payment references to wallets is the caller's work.

export {
  type ParsedStatement,
  STATEMENT_BANKS,
  type StatementBank,
  type StatementLine,
  StatementUnreadable,
} from "./statement";

/** Recognises the bank from the content (never asks), parses every transaction line (credits AND debits; the caller skips debits). */
export function parseStatement(file: Buffer): ParsedStatement {
  const text = statementText(file);
  return looksLikeOfx(text) ? parseOfx(text) : parseCsv(text);
}
