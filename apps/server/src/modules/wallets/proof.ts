import { type WalletOffLedger, walletOffLedger } from "@kantien/domain/dashboard";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";

/**
 * Every wallet whose balance is not the sum of its own ledger rows, and every ledger whose user
 * has no wallet: one grouped pass over the ledger, joined to the wallets. Plain SQL without
 * parameters, so the backup's figures (`ops/figures.ts`) count the same rows on a bare client.
 */
export const WALLETS_OFF_LEDGER_SQL = `
  select coalesce(w.user_id, l.user_id) as user_id,
         coalesce(w.balance, 0)::numeric(14, 2) as balance,
         coalesce(l.total, 0)::numeric(14, 2) as ledger
  from wallets w
  full join (select user_id, sum(amount) as total from wallet_transactions group by user_id) l
    on l.user_id = w.user_id
  where coalesce(w.balance, 0) <> coalesce(l.total, 0)`;

/**
 * The wallets that do not match their ledger, with whose they are, the largest difference
 * first: what the day's close refuses on and the admins' dashboard names (decision 0042).
 */
export async function walletsOffLedger(db: Db | Tx): Promise<WalletOffLedger[]> {
  return queryRows(
    db,
    sql`select o.user_id as "customerId", u.first_name || ' ' || u.last_name as name,
               o.balance::text as balance, o.ledger::text as ledger,
               (o.balance - o.ledger)::text as difference
        from (${sql.raw(WALLETS_OFF_LEDGER_SQL)}) o join users u on u.id = o.user_id
        order by abs(o.balance - o.ledger) desc, name, o.user_id`,
    walletOffLedger,
  );
}
