import type { LedgerKind } from "@kantien/domain/money-channels";
import type { LedgerEntry } from "@kantien/domain/people";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { walletTransactions } from "../../db/schema";

/**
 * Whether the order whose id is `orderId` was paid from its wallet and not refunded yet: what
 * a cancel would give back (`cancelRefund`). One range of the unique (order_id, kind) index
 * reads both lines: paid when its debit is there and its refund is not.
 */
export function orderPaidFromWallet(orderId: SQLWrapper): SQL {
  return sql`coalesce((select bool_and(w.kind = 'order') from wallet_transactions w
    where w.order_id = ${orderId} and w.kind in ('order', 'refund')), false)`;
}

/** The columns of a `LedgerEntry`, for reading the ledger and for what a move writes. */
export const ledgerEntryColumns = {
  id: sql<string>`${walletTransactions.id}::text`,
  at: walletTransactions.createdAt,
  kind: walletTransactions.kind,
  amount: sql<string>`${walletTransactions.amount}::text`,
  balanceAfter: sql<string>`${walletTransactions.balanceAfter}::text`,
  reason: walletTransactions.reason,
  reversesId: sql<string | null>`${walletTransactions.reversesId}::text`,
};

export function toLedgerEntry(row: {
  id: string;
  at: Date;
  kind: LedgerKind;
  amount: string;
  balanceAfter: string;
  reason: string | null;
  reversesId: string | null;
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
  /** The counter sale an `order` debit paid or a `refund` gave back (decision 0071). */
  counterSaleId?: string | null;
  /** The bank credit an `eft` move brings in (the ledger's unique index credits it once). */
  bankCreditId?: number | null;
  /** The top-up a `reversal` undoes (the ledger's unique index undoes it once). */
  reversesId?: number | null;
  /** The online payment an `online` credit brings in (the ledger's unique index credits it once). */
  onlinePaymentId?: string | null;
  reason?: string | null;
  createdBy: string | null;
  /** Whose money it was, when known (a guardian's, decision 0068). */
  paidBy?: string | null;
  /** When the money moved: the canteen's clock (decision 0027), the day the reports count it on. */
  at: Date;
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
      counterSaleId: move.counterSaleId ?? null,
      bankCreditId: move.bankCreditId ?? null,
      reversesId: move.reversesId ?? null,
      onlinePaymentId: move.onlinePaymentId ?? null,
      reason: move.reason ?? null,
      createdBy: move.createdBy,
      paidBy: move.paidBy ?? null,
      createdAt: move.at,
    })
    .returning(ledgerEntryColumns);
  return toLedgerEntry(entry!);
}

/**
 * Credits every matched credit of an imported statement to its wallet, as `moveWalletMoney`
 * would one by one (a wallet update and a ledger row each, balance after each row in line
 * order), but in two statements: a statement may hold thousands of transfers. Inside the
 * caller's transaction, every row stamped `at`; returns what each ledger row credited, and the
 * balance after it.
 */
export async function creditMatchedBankCredits(
  tx: Tx,
  statementId: string,
  at: Date,
): Promise<{ userId: string; amount: string; balanceAfter: string }[]> {
  return queryRows(
    tx,
    sql`with credited as (
          select id, user_id, amount from bank_credits
          where statement_id = ${statementId} and status = 'matched' and user_id is not null
        ),
        totals as (select user_id, sum(amount) as total from credited group by user_id),
        updated as (
          update wallets w set balance = w.balance + t.total from totals t
          where w.user_id = t.user_id
          returning w.user_id, w.balance - t.total as before
        )
        insert into wallet_transactions (user_id, amount, kind, balance_after, bank_credit_id, created_at)
        select c.user_id, c.amount, 'eft',
               u.before + sum(c.amount) over (partition by c.user_id order by c.id), c.id,
               ${at.toISOString()}::timestamptz
        from credited c join updated u on u.user_id = c.user_id
        order by c.id
        returning user_id as "userId", amount::text as amount, balance_after::text as "balanceAfter"`,
    z.object({ userId: z.string(), amount: z.string(), balanceAfter: z.string() }),
  );
}
