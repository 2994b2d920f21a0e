import type { StatementBank } from "@kantien/domain/bank-statements";

export { STATEMENT_BANKS, type StatementBank } from "@kantien/domain/bank-statements";

export type StatementLine = {
  /** 1-based line number in the file (for OFX: the transaction's ordinal, 1-based). */
  line: number;
  /** ISO date "2026-11-24". */
  date: string;
  /** Signed rand amount with exactly 2 decimals as a string: "150.00" a credit, "-20.00" a debit. */
  amount: string;
  /** The line's description, reference and any other free-text columns joined by " | ", trimmed, NUL bytes and control chars removed. */
  description: string;
  /** Running balance after the line when the file gives it ("1234.56", may be negative), else null. */
  balance: string | null;
};

export type ParsedStatement = { bank: StatementBank; account: string | null; lines: StatementLine[] };

/**
 * Thrown for a file that can't be read; nothing of it may be used. `line` is 1-based (0 when not
 * tied to a line); `facts` are what the refusal's message names (the currency of a statement in
 * another one).
 */
export class StatementUnreadable extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
    readonly facts: Readonly<Record<string, string>> = {},
  ) {
    super(
      line > 0
        ? `bank statement unreadable at line ${line}: ${reason}`
        : `bank statement unreadable: ${reason}`,
    );
    this.name = "StatementUnreadable";
  }
}
