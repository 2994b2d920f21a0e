import type { LedgerKindSum } from "@kantien/domain/dashboard";
import { LEDGER_KINDS } from "@kantien/domain/money-channels";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";

/**
 * The money that moved in `[start, end)`, by kind, a reversal also by the kind of the top-up it
 * undoes (so `moneyFromLedger` takes it off that channel): `wallet_transactions_created_at_idx`,
 * and the reversed row by its key. The dashboard's money in today reads the same.
 */
export function ledgerSumsQuery({ start, end }: { start: Date; end: Date }) {
  // The reversed row is looked up by its key for each reversal alone (a subquery, not a join: a
  // join let the planner hash the whole ledger to find the few rows reversed that day).
  return sql`select l.kind, l.reverses, sum(l.amount)::text as amount, count(*)::int as count
             from (select t.kind, t.amount,
                          case when t.reverses_id is not null
                            then (select r.kind from wallet_transactions r where r.id = t.reverses_id) end as reverses
                     from wallet_transactions t
                     where t.created_at >= ${start} and t.created_at < ${end}) l
             group by l.kind, l.reverses`;
}

/** A row of `ledgerSumsQuery`. */
const ledgerSumRow = z.object({
  kind: z.enum(LEDGER_KINDS),
  reverses: z.enum(LEDGER_KINDS).nullable(),
  amount: z.string(),
  count: z.number().int(),
});

/** The ledger's sums of `[start, end)` by kind: the dashboard's money in today and the day's report. */
export function ledgerSums(db: Db | Tx, range: { start: Date; end: Date }): Promise<LedgerKindSum[]> {
  return queryRows(db, ledgerSumsQuery(range), ledgerSumRow);
}
