import type { LedgerKindSum } from "@kantien/domain/dashboard";
import { LEDGER_KINDS } from "@kantien/domain/people";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";

/**
 * The money that moved in `[start, end)`, by kind, a reversal also by the kind of the top-up it
 * undoes (so `moneyFromLedger` takes it off that channel): `wallet_transactions_created_at_idx`,
 * and the reversed row by its key. The dashboard's money in today reads the same.
 */
export function ledgerSumsQuery({ start, end }: { start: Date; end: Date }) {
  return sql`select t.kind, r.kind as reverses, sum(t.amount)::text as amount, count(*)::int as count
             from wallet_transactions t
             left join wallet_transactions r on r.id = t.reverses_id
             where t.created_at >= ${start} and t.created_at < ${end}
             group by t.kind, r.kind`;
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
