import { createHash } from "node:crypto";
import type { StatementImported } from "@kantien/domain/bank-statements";
import type { ErrorCode } from "@kantien/domain/messages";
import { nearPaymentReferences, paymentReferencesIn } from "@kantien/domain/payment-reference";
import { CUSTOMER_ROLES } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../../db/client";
import { bankCredits, bankStatements } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { MailConfig } from "../../../mail/letter";
import { bookStatementCredits } from "../book";
import { type ParsedStatement, parseStatement, type StatementLine, StatementUnreadable } from "./parse";

type Customer = { id: string; name: string; akdNumber: string | null };
type Credit = {
  line: StatementLine;
  fingerprint: string;
  status: "matched" | "review" | "unallocated";
  userId: string | null;
  hint: string | null;
};

/** Rows per insert: 10 parameters each, far below PostgreSQL's 65,535. */
const BATCH = 1000;

/**
 * Reads a bank statement and brings its credits in (decision 0034), in one transaction: a
 * credit naming exactly one wallet's valid reference tops that wallet up at once (`eft`); a near
 * miss waits in review with whom it may be for; the rest is unallocated. Debits are skipped.
 * A credit line an earlier statement brought in (the same fingerprint) is a duplicate and does
 * nothing: the unique index decides, also between two uploads at the same moment. A file that
 * cannot be read is refused whole, with the line that failed.
 */
export async function importStatement(
  db: Db,
  {
    file,
    fileName,
    adminId,
    mail,
    now,
  }: { file: Buffer; fileName: string | null; adminId: string; mail: MailConfig; now: Date },
): Promise<StatementImported> {
  const statement = readStatement(file);
  const lines = statement.lines.filter((line) => Number(line.amount) > 0);
  const credits = await classify(db, statement, lines);
  // One lock order for every upload, so two overlapping statements wait for each other
  // instead of deadlocking.
  credits.sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1));

  return db.transaction(async (tx) => {
    // One import at a time, so two statements holding the same payment cannot both credit it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kantien.bank_statement_import'))`);
    await holdPossibleDuplicates(tx, credits);
    const [saved] = await tx
      .insert(bankStatements)
      .values({
        bank: statement.bank,
        account: statement.account,
        fileName,
        lineCount: statement.lines.length,
        importedBy: adminId,
        importedAt: now,
      })
      .returning({ id: bankStatements.id });
    const statementId = saved!.id;
    const counts = { matched: 0, review: 0, unallocated: 0, duplicates: 0 };
    for (let start = 0; start < credits.length; start += BATCH) {
      const batch = credits.slice(start, start + BATCH);
      const inserted = await tx
        .insert(bankCredits)
        .values(
          batch.map((credit) => ({
            statementId,
            fingerprint: credit.fingerprint,
            line: credit.line.line,
            date: credit.line.date,
            amount: credit.line.amount,
            description: credit.line.description,
            status: credit.status,
            userId: credit.userId,
            hint: credit.hint,
          })),
        )
        .onConflictDoNothing({ target: bankCredits.fingerprint })
        .returning({ status: bankCredits.status });
      for (const { status } of inserted) counts[status as keyof typeof counts] += 1;
      counts.duplicates += batch.length - inserted.length;
    }
    await bookStatementCredits(tx, { statementId, at: now, mail });
    return {
      statementId,
      bank: statement.bank,
      rows: statement.lines.length,
      debits: statement.lines.length - lines.length,
      credits: counts,
    };
  });
}

/** Refusals whose cause the admin can act on get their own message; the rest are `statement_unreadable`. */
const REFUSAL_CODES: Readonly<Record<string, ErrorCode>> = {
  no_bank_statement: "statement_no_bank_statement",
  credit_card: "statement_credit_card",
  not_rand: "statement_not_rand",
  several_accounts: "statement_several_accounts",
};

function readStatement(file: Buffer): ParsedStatement {
  try {
    return parseStatement(file);
  } catch (error) {
    if (error instanceof StatementUnreadable) {
      throw new AppError(
        REFUSAL_CODES[error.reason] ?? "statement_unreadable",
        { line: error.line, reason: error.reason, ...error.facts },
        () => ({ ...error.facts }),
      );
    }
    throw error;
  }
}

/**
 * Matched credits that repeat one already credited: the same wallet, date, amount and payment
 * reference. The same bank line downloaded once as OFX and once as CSV has two fingerprints
 * (the texts differ), so the unique index cannot tell; such a credit waits in review as a
 * possible duplicate instead of crediting the wallet twice. A reversed credit no longer counts.
 */
async function holdPossibleDuplicates(tx: Tx, credits: Credit[]): Promise<void> {
  const matched = credits.filter((credit) => credit.status === "matched");
  if (matched.length === 0) return;
  const earlier = await queryRows(
    tx,
    sql`select b.user_id as "userId", b.date::text as date, b.amount::text as amount, b.description
        from bank_credits b
        where b.status = 'matched'
          and b.user_id::text = any(string_to_array(${[...new Set(matched.map((c) => c.userId))].join(",")}, ','))
          and b.date::text = any(string_to_array(${[...new Set(matched.map((c) => c.line.date))].join(",")}, ','))
          and not exists (select 1 from wallet_transactions t join wallet_transactions rv on rv.reverses_id = t.id
                          where t.bank_credit_id = b.id)`,
    z.object({ userId: z.string(), date: z.string(), amount: z.string(), description: z.string() }),
  );
  const key = (userId: string, date: string, amount: string, reference: string) =>
    `${userId} ${date} ${amount} ${reference}`;
  const credited = new Set(
    earlier.flatMap((row) =>
      paymentReferencesIn(row.description).valid.map((reference) =>
        key(row.userId, row.date, row.amount, reference),
      ),
    ),
  );
  for (const credit of matched) {
    const [reference] = paymentReferencesIn(credit.line.description).valid;
    if (credited.has(key(credit.userId!, credit.line.date, credit.line.amount, reference!))) {
      credit.status = "review";
      credit.hint = "possible_duplicate";
    }
  }
}

/**
 * The credit line's fingerprint: the account, date, amount and description, and its running
 * balance, or where the file gives none, which of identical lines it is (the second R50 from
 * the same payer on the same day is a second payment, in every statement that holds that day).
 */
function fingerprints(account: string | null, lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const same = `${account ?? ""}\u0000${line.date}\u0000${line.amount}\u0000${line.description}`;
    const nth = (seen.get(same) ?? 0) + 1;
    seen.set(same, nth);
    return createHash("sha256")
      .update(`${same}\u0000${line.balance ?? `#${nth}`}`)
      .digest("hex");
  });
}

/** What becomes of each credit line: matched, review (with a hint and maybe a customer) or unallocated. */
async function classify(db: Db, statement: ParsedStatement, lines: StatementLine[]): Promise<Credit[]> {
  const found = lines.map((line) => paymentReferencesIn(line.description));
  const near = found.map(({ valid, invalid }) =>
    valid.length === 0 ? invalid.flatMap(nearPaymentReferences) : [],
  );
  const wanted = new Set([...found.flatMap((f) => f.valid), ...near.flat()]);
  const byReference = await walletsByReference(db, [...wanted]);
  const unnamed = lines.filter((_, i) => found[i]!.valid.length === 0 && found[i]!.invalid.length === 0);
  const customers = unnamed.length > 0 ? await customerNames(db) : [];
  const prints = fingerprints(statement.account, lines);

  return lines.map((line, i): Credit => {
    const { valid, invalid } = found[i]!;
    const credit = { line, fingerprint: prints[i]! };
    if (valid.length > 1) return { ...credit, status: "review", userId: null, hint: "several_references" };
    if (valid.length === 1) {
      const owner = byReference.get(valid[0]!);
      return owner
        ? { ...credit, status: "matched", userId: owner, hint: null }
        : { ...credit, status: "review", userId: null, hint: "unknown_reference" };
    }
    if (invalid.length > 0) {
      const candidates = near[i]!;
      const owners = [...new Set(candidates.flatMap((ref) => byReference.get(ref) ?? []))];
      const checkFix = candidates[0] ? byReference.get(candidates[0]) : undefined;
      return {
        ...credit,
        status: "review",
        userId: owners.length === 1 ? owners[0]! : null,
        hint: checkFix && owners.length === 1 ? "wrong_check" : "one_off",
      };
    }
    const named = whoIsNamed(line.description, customers);
    return named
      ? { ...credit, status: "review", userId: named.id, hint: named.by }
      : { ...credit, status: "unallocated", userId: null, hint: null };
  });
}

async function walletsByReference(db: Db, references: string[]): Promise<Map<string, string>> {
  if (references.length === 0) return new Map();
  const rows = await queryRows(
    db,
    sql`select payment_reference as reference, user_id as "userId" from wallets
        where payment_reference = any(string_to_array(${references.join(",")}, ','))`,
    z.object({ reference: z.string(), userId: z.string() }),
  );
  return new Map(rows.map((row) => [row.reference, row.userId]));
}

async function customerNames(db: Db): Promise<Customer[]> {
  return queryRows(
    db,
    sql`select u.id, lower(u.first_name || ' ' || u.last_name) as name, lower(c.akd_number) as "akdNumber"
        from users u left join clients c on c.user_id = u.id
        where u.role_id in (${sql.join(
          CUSTOMER_ROLES.map((role) => sql`${role}`),
          sql`, `,
        )}) and u.deleted_at is null`,
    z.object({ id: z.string(), name: z.string(), akdNumber: z.string().nullable() }),
  );
}

/** The one customer whose academy number, or else whose full name, the line names; null if none or several. */
function whoIsNamed(description: string, customers: Customer[]): { id: string; by: string } | null {
  const text = description.toLowerCase();
  const words = new Set(text.split(/[^0-9a-z]+/).filter(Boolean));
  const byNumber = customers.filter((c) => c.akdNumber && words.has(c.akdNumber));
  if (byNumber.length === 1) return { id: byNumber[0]!.id, by: "academy_number" };
  const byName = customers.filter((c) => c.name.length > 4 && text.includes(c.name));
  if (byName.length === 1) return { id: byName[0]!.id, by: "name" };
  return null;
}
