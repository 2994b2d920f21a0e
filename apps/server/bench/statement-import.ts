import { PAYMENT_REFERENCE_ALPHABET } from "@kantien/domain/payment-reference";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Database, queryRows } from "../src/db/client";
import type { MailConfig } from "../src/mail/letter";
import { importStatement } from "../src/modules/money-in/bank-statements/import";

/** The budget: a 2 MB bank statement of 10,000 lines imports within 5 s on PGlite. */
export const STATEMENT_BUDGET = { lines: 10_000, bytes: 2_000_000, seconds: 5 };

export type StatementImportResult = {
  lines: number;
  bytes: number;
  /** The first import, from the file's bytes to the committed credits. */
  seconds: number;
  /** The same file again: every line a duplicate, nothing credited. */
  againSeconds: number;
  credits: { matched: number; review: number; unallocated: number; duplicates: number };
  againDuplicates: number;
  ledgerMatches: boolean;
};

/**
 * An FNB export of `lines` lines, about 200 bytes each as real exports with long descriptions
 * are, for the wallets of `references`: most credits name a reference, some a near miss, some
 * nothing, and every tenth line is a debit.
 */
function fnbStatement(lines: number, references: string[]): string {
  const out = [
    "ACCOUNT TRANSACTION HISTORY,,,,,,,",
    "FOR ACCOUNT NUMBER 62800000001,,,,,,,",
    "Date,SERVICE FEE,Amount,DESCRIPTION,REFERENCE,Balance,CHEQUE NUMBER,",
  ];
  let balance = 0;
  for (let i = 0; i < lines; i++) {
    const day = String(1 + (i % 28)).padStart(2, "0");
    const reference = references[i % references.length]!;
    const kind = i % 10;
    const amount = kind === 9 ? -(100 + (i % 50)) : 20 + (i % 80);
    balance += amount;
    const named =
      kind < 7
        ? reference
        : kind === 7
          ? `${reference.slice(0, -1)}${PAYMENT_REFERENCE_ALPHABET[(PAYMENT_REFERENCE_ALPHABET.indexOf(reference.at(-1)!) + 1) % 32]}`
          : "SCHOOL LUNCH";
    const description = `FNB APP PAYMENT FROM PARENT ${i} ${"LUNCH MONEY FOR THE TERM ".repeat(5)}`;
    out.push(`2027/02/${day},0,${amount}.00,${description},${named} ${i},${balance.toFixed(2)},0,`);
  }
  return out.join("\r\n");
}

/**
 * Imports one statement of `lines` lines for the bench customers (the rush's wallets), then the
 * same file again, through the import service the route calls; afterwards every wallet must
 * equal its ledger.
 */
export async function statementImport(
  database: Database,
  { lines, adminId, mail }: { lines: number; adminId: string; mail: MailConfig },
): Promise<StatementImportResult> {
  const wallets = await queryRows(
    database.db,
    sql`select payment_reference as reference from wallets order by user_id limit 300`,
    z.object({ reference: z.string() }),
  );
  const file = Buffer.from(
    fnbStatement(
      lines,
      wallets.map((w) => w.reference),
    ),
  );
  let started = performance.now();
  const first = await importStatement(database.db, {
    file,
    fileName: "bench.csv",
    adminId,
    mail,
    now: new Date(),
  });
  const seconds = (performance.now() - started) / 1000;
  started = performance.now();
  const again = await importStatement(database.db, {
    file,
    fileName: "bench.csv",
    adminId,
    mail,
    now: new Date(),
  });
  const againSeconds = (performance.now() - started) / 1000;
  const [ledger] = await queryRows(
    database.db,
    sql`select count(*)::int as wallets, count(*) filter (where w.balance = coalesce(l.sum, 0))::int as matching
        from wallets w
        left join (select user_id, sum(amount) as sum from wallet_transactions group by user_id) l
          on l.user_id = w.user_id`,
    z.object({ wallets: z.number(), matching: z.number() }),
  );
  return {
    lines,
    bytes: file.length,
    seconds: Math.round(seconds * 100) / 100,
    againSeconds: Math.round(againSeconds * 100) / 100,
    credits: first.credits,
    againDuplicates: again.credits.duplicates,
    ledgerMatches: ledger?.wallets === ledger?.matching,
  };
}
