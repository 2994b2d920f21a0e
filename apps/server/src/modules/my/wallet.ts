import { LEDGER_KINDS } from "@kantien/domain/money-channels";
import type { MyStatementEntry } from "@kantien/domain/my";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, timestampColumn } from "../../db/client";

const statementRow = z.object({
  id: z.string(),
  at: timestampColumn,
  kind: z.enum(LEDGER_KINDS),
  amount: z.string(),
  balanceAfter: z.string(),
  reason: z.string().nullable(),
  reversesId: z.string().nullable(),
  itemName: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  bankDate: z.string().nullable(),
  bankText: z.string().nullable(),
});

/**
 * The customer's balance, their payment reference and a page of their statement, newest first:
 * every ledger row, for an order's charge or refund the item and its day, and for an EFT from a
 * bank statement the bank line's date and text.
 */
export async function myWallet(
  db: Db,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ balance: string; paymentReference: string; transactions: MyStatementEntry[]; total: number }> {
  const [[wallet], transactions, [count]] = await Promise.all([
    queryRows(
      db,
      sql`select balance::text as balance, payment_reference as "paymentReference"
          from wallets where user_id = ${userId}`,
      z.object({ balance: z.string(), paymentReference: z.string() }),
    ),
    queryRows(
      db,
      sql`select w.id::text as id, w.created_at as at, w.kind, w.amount::text as amount,
            w.balance_after::text as "balanceAfter", w.reason,
            w.reverses_id::text as "reversesId", f.name as "itemName",
            o.delivery_date::text as "deliveryDate", b.date::text as "bankDate", b.description as "bankText"
          from wallet_transactions w
          left join orders o on o.id = w.order_id
          left join bank_credits b on b.id = w.bank_credit_id
          left join food_items f on f.id = o.food_item_id
          where w.user_id = ${userId}
          order by w.id desc
          limit ${limit} offset ${offset}`,
      statementRow,
    ),
    queryRows(
      db,
      sql`select count(*)::int as total from wallet_transactions where user_id = ${userId}`,
      z.object({ total: z.number() }),
    ),
  ]);
  // Every account has a wallet and so a reference (decision 0033).
  if (!wallet) throw new Error(`user ${userId} has no wallet`);
  return {
    ...wallet,
    transactions: transactions.map(({ bankDate, bankText, ...row }) => ({
      ...row,
      bankLine: bankDate && bankText !== null ? { date: bankDate, description: bankText } : null,
    })),
    total: count?.total ?? 0,
  };
}
