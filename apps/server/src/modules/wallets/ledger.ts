import type { LedgerEntry, LedgerKind } from "@kantien/domain/people";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { walletTransactions } from "../../db/schema";

/** The columns of a `LedgerEntry`, for reading the ledger and for what a move writes. */
export const ledgerEntryColumns = {
  id: sql<string>`${walletTransactions.id}::text`,
  at: walletTransactions.createdAt,
  kind: walletTransactions.kind,
  amount: sql<string>`${walletTransactions.amount}::text`,
  balanceAfter: sql<string>`${walletTransactions.balanceAfter}::text`,
  reason: walletTransactions.reason,
};

export function toLedgerEntry(row: {
  id: string;
  at: Date;
  kind: LedgerKind;
  amount: string;
  balanceAfter: string;
  reason: string | null;
}): LedgerEntry {
  return { ...row, at: row.at.toISOString() };
}

/** A user's balance ("0.00" before their first top-up). */
export async function walletBalance(db: Db | Tx, userId: string): Promise<string> {
  const [wallet] = await queryRows(
    db,
    sql`select balance::text as balance from wallets where user_id = ${userId}`,
    z.object({ balance: z.string() }),
  );
  return wallet?.balance ?? "0.00";
}

/** What the user types as the reference of a bank transfer to their wallet (decision 0033). */
export async function paymentReferenceOf(db: Db | Tx, userId: string): Promise<string | null> {
  const [wallet] = await queryRows(
    db,
    sql`select payment_reference as reference from wallets where user_id = ${userId}`,
    z.object({ reference: z.string() }),
  );
  return wallet?.reference ?? null;
}

export type WalletMove = {
  userId: string;
  /** Signed rand amount as a decimal string: "-45.00" debits, "100.00" credits. */
  amount: string;
  kind: LedgerKind;
  orderId?: string | null;
  reason?: string | null;
  createdBy: string | null;
};

/**
 * The only way money moves (balance = the sum of the ledger): one conditional update of the wallet and one
 * ledger row, inside the caller's transaction. The `balance + amount >= 0` condition is
 * checked on the locked row, so two debits racing for the last rand cannot both pass.
 * A credit creates the wallet when the user has none yet.
 *
 * Returns the ledger row it wrote (its `balanceAfter` is the new balance), or null when a
 * debit would take the balance below 0 (nothing is written then).
 */
export async function moveWalletMoney(tx: Tx, move: WalletMove): Promise<LedgerEntry | null> {
  const credit = !move.amount.trim().startsWith("-");
  const [row] = await queryRows(
    tx,
    credit
      ? sql`
        insert into wallets (user_id, balance) values (${move.userId}, ${move.amount}::numeric)
        on conflict (user_id) do update set balance = wallets.balance + excluded.balance
        returning balance::text as balance`
      : sql`
        update wallets set balance = balance + ${move.amount}::numeric
        where user_id = ${move.userId} and balance + ${move.amount}::numeric >= 0
        returning balance::text as balance`,
    z.object({ balance: z.string() }),
  );
  const balance = row?.balance;
  if (balance === undefined) return null;
  const [entry] = await tx
    .insert(walletTransactions)
    .values({
      userId: move.userId,
      amount: move.amount,
      kind: move.kind,
      balanceAfter: balance,
      orderId: move.orderId ?? null,
      reason: move.reason ?? null,
      createdBy: move.createdBy,
    })
    .returning(ledgerEntryColumns);
  return toLedgerEntry(entry!);
}
