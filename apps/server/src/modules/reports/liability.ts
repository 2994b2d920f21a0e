import { LIABILITY_AGES, type LiabilityReport } from "@kantien/domain/reports";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../db/client";

const heldRow = z.object({ moneyHeld: z.string(), customersWithMoney: z.number().int() });
const ageRow = z.object({ age: z.enum(LIABILITY_AGES), customers: z.number().int(), amount: z.string() });
const creditsRow = z.object({ count: z.number().int(), amount: z.string() });

/**
 * The customers' money the canteen holds, and how long it has slept: each wallet with money by
 * the days since its last ledger row (one look-up of the (user_id, created_at) index per
 * wallet). A wallet with money and no ledger row at all counts as the oldest.
 */
export async function liabilityReport(db: Db, { now }: { now: Date }): Promise<LiabilityReport> {
  const [[held], ages, [credits]] = await Promise.all([
    queryRows(
      db,
      sql`select coalesce(sum(balance), 0)::numeric(14, 2)::text as "moneyHeld", count(*) filter (where balance > 0)::int as "customersWithMoney"
          from wallets`,
      heldRow,
    ),
    queryRows(
      db,
      sql`select case
                   when last.at >= ${now}::timestamptz - interval '30 days' then '0-30'
                   when last.at >= ${now}::timestamptz - interval '90 days' then '31-90'
                   when last.at >= ${now}::timestamptz - interval '365 days' then '91-365'
                   else 'over-365'
                 end as age,
                 count(*)::int as customers, sum(w.balance)::numeric(14, 2)::text as amount
          from wallets w
          left join lateral (
            select max(t.created_at) as at from wallet_transactions t where t.user_id = w.user_id
          ) last on true
          where w.balance > 0
          group by 1`,
      ageRow,
    ),
    queryRows(
      db,
      sql`select count(*)::int as count, coalesce(sum(amount), 0)::numeric(14, 2)::text as amount
          from bank_credits where status in ('review', 'unallocated')`,
      creditsRow,
    ),
  ]);
  return {
    moneyHeld: held!.moneyHeld,
    customersWithMoney: held!.customersWithMoney,
    byAge: LIABILITY_AGES.map(
      (age) => ages.find((row) => row.age === age) ?? { age, customers: 0, amount: "0.00" },
    ),
    unallocatedBankCredits: credits!,
  };
}
