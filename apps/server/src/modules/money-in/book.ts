import {
  type LedgerKind,
  MONEY_CHANNELS,
  type MoneyChannel,
  REVERSIBLE_KINDS,
} from "@kantien/domain/money-channels";
import type { LedgerEntry, TopUpResult } from "@kantien/domain/people";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { AppError, forbidden, notFound } from "../../errors";
import type { MailConfig } from "../../mail/letter";
import { creditMatchedBankCredits, moveWalletMoney, walletBalance } from "../wallets/ledger";
import { mailMoneyArrived } from "./money-arrived-mail";

/** Who books money in: the channel's `bookedBy` decides by the role. */
export type MoneyInActor = { id: string; roleId: number };

export type MoneyIn = {
  channel: MoneyChannel;
  userId: string;
  /** A positive rand amount as a decimal string. */
  amount: string;
  reason: string | null;
  /** Who booked it; null: it came in by itself, from a payment provider's notification. */
  actor: MoneyInActor | null;
  /** When the money came in: the canteen's clock (decision 0027). */
  at: Date;
  /** The bank credit an EFT brings in (the ledger's unique index credits it once). */
  bankCreditId?: number | null;
  /** The online payment it brings in (the ledger's unique index credits it once). */
  onlinePaymentId?: string | null;
  /** Whose money it was, when known: a learner's guardian (decision 0068). */
  paidBy?: string | null;
  mail: MailConfig;
};

/**
 * The one way money comes into a wallet, whatever its channel (decision 0067): the channel's
 * rules from `MONEY_CHANNELS` (who may book it, by hand or, a channel nobody books by hand, by a
 * provider's notification; whether it needs a reason), the ledger row of the
 * channel's kind through `moveWalletMoney`, and the money-arrived mail, all in the caller's
 * transaction. The caller locks what its channel needs (the customer, the bank credit).
 */
export async function bookMoneyIn(tx: Tx, money: MoneyIn): Promise<LedgerEntry> {
  const channel = MONEY_CHANNELS[money.channel];
  const allowed = money.actor === null ? !channel.byHand : channel.bookedBy(money.actor.roleId);
  if (!allowed) throw forbidden();
  if (channel.needsReason && !money.reason) throw new AppError("top_up_reason_invalid");
  const entry = await moveWalletMoney(tx, {
    userId: money.userId,
    amount: money.amount,
    kind: channel.kind,
    reason: money.reason,
    bankCreditId: money.bankCreditId ?? null,
    onlinePaymentId: money.onlinePaymentId ?? null,
    createdBy: money.actor?.id ?? null,
    paidBy: money.paidBy ?? null,
    at: money.at,
  });
  if (entry === null) throw new Error("a credit cannot fail");
  await mailMoneyArrived(tx, money.mail, [{ userId: money.userId, ...entry }]);
  return entry;
}

/**
 * `bookMoneyIn` for every matched credit of an imported statement at once (EFT; the import is
 * an admin's, in the admins' scope): a statement may hold thousands of transfers, so the ledger
 * writes them in two statements, and each customer gets their mail.
 */
export async function bookStatementCredits(
  tx: Tx,
  { statementId, at, mail }: { statementId: string; at: Date; mail: MailConfig },
): Promise<void> {
  const credited = await creditMatchedBankCredits(tx, statementId, at);
  await mailMoneyArrived(
    tx,
    mail,
    credited.map((credit) => ({ ...credit, kind: MONEY_CHANNELS.eft.kind })),
  );
}

/**
 * An admin undoes money that came in (a bounced EFT, a typo) with a reason: a new `reversal`
 * row of the opposite amount, once (the ledger's unique index). Refused: an unknown row (404), a
 * row of a kind no channel reverses or one reversed already (409), or a balance that would go
 * below zero (409, with the balance and what is missing).
 */
export async function reverseMoneyIn(
  db: Db,
  args: { transactionId: string; reason: string; actorId: string; at: Date },
): Promise<TopUpResult> {
  if (!/^[1-9]\d{0,15}$/.test(args.transactionId)) throw notFound();
  const transactionId = Number(args.transactionId);
  return db.transaction(async (tx) => {
    const [credit] = await queryRows(
      tx,
      sql`select t.user_id as "userId", t.amount::text as amount, t.kind,
            exists (select 1 from wallet_transactions r where r.reverses_id = t.id) as reversed
          from wallet_transactions t where t.id = ${transactionId}`,
      z.object({ userId: z.string(), amount: z.string(), kind: z.string(), reversed: z.boolean() }),
    );
    if (!credit) throw notFound();
    if (!REVERSIBLE_KINDS.includes(credit.kind as LedgerKind)) throw new AppError("not_reversible");
    if (credit.reversed) throw new AppError("already_reversed");
    const entry = await moveWalletMoney(tx, {
      userId: credit.userId,
      amount: `-${credit.amount}`,
      kind: "reversal",
      reversesId: transactionId,
      reason: args.reason,
      createdBy: args.actorId,
      at: args.at,
    });
    if (entry) return { balance: entry.balanceAfter, entry };
    const balance = await walletBalance(tx, credit.userId);
    throw new AppError("reversal_insufficient_balance", {
      balance,
      amount: credit.amount,
      missing: (Number(credit.amount) - Number(balance)).toFixed(2),
    });
  });
}
