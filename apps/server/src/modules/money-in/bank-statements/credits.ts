import {
  BANK_CREDIT_STATES,
  BANK_CREDIT_STATUSES,
  type BankCredit,
  type BankCreditStatus,
  bankCredit,
} from "@kantien/domain/bank-statements";
import { CUSTOMER_ROLES } from "@kantien/domain/roles";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../../db/client";
import { AppError, notFound } from "../../../errors";
import type { MailConfig } from "../../../mail/letter";
import { lockPerson } from "../../people/people";
import { bookMoneyIn, type MoneyInActor } from "../book";

const creditRow = bankCredit.omit({ customer: true, reversal: true }).extend({
  resolvedAt: timestampColumn.nullable(),
  importedAt: timestampColumn,
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  paymentReference: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reversedAt: timestampColumn.nullable(),
  reversalReason: z.string().nullable(),
});

/**
 * A credit's state on /money: its kept status, or `reversed` once the ledger's reversal undid
 * the top-up it made (the ledger is where a reversal is recorded, once; decision 0034).
 */
const creditState = sql`case when exists (
    select 1 from wallet_transactions t join wallet_transactions rv on rv.reverses_id = t.id
    where t.bank_credit_id = b.id) then 'reversed' else b.status::text end`;

function selectCredits(where: SQL, page = sql``) {
  return sql`select b.id::text as id, b.statement_id as "statementId", s.bank, b.date::text as date,
        b.amount::text as amount, b.description, ${creditState} as status, b.hint,
        b.dismiss_reason as "dismissReason",
        r.first_name || ' ' || r.last_name as "resolvedBy", b.resolved_at as "resolvedAt",
        s.imported_at as "importedAt", u.id as "customerId",
        u.first_name || ' ' || u.last_name as "customerName", w.payment_reference as "paymentReference",
        rb.first_name || ' ' || rb.last_name as "reversedBy", rv.created_at as "reversedAt",
        rv.reason as "reversalReason"
      from bank_credits b
      join bank_statements s on s.id = b.statement_id
      left join users u on u.id = b.user_id
      left join wallets w on w.user_id = b.user_id
      left join users r on r.id = b.resolved_by
      left join wallet_transactions t on t.bank_credit_id = b.id
      left join wallet_transactions rv on rv.reverses_id = t.id
      left join users rb on rb.id = rv.created_by
      where ${where}
      order by b.date desc, b.id desc ${page}`;
}

function toCredit({
  customerId,
  customerName,
  paymentReference,
  reversedBy,
  reversedAt,
  reversalReason,
  ...row
}: z.infer<typeof creditRow>): BankCredit {
  return {
    ...row,
    customer:
      customerId && customerName && paymentReference
        ? { id: customerId, name: customerName, paymentReference }
        : null,
    reversal: reversedAt ? { by: reversedBy, at: reversedAt, reason: reversalReason } : null,
  };
}

/** One page of the credits in a status by the bank's date, newest first; how many there are and their sum. */
export async function listBankCredits(
  db: Db,
  { status, limit, offset }: { status: BankCreditStatus; limit: number; offset: number },
): Promise<{ data: BankCredit[]; total: number; totalAmount: string }> {
  const [rows, [count]] = await Promise.all([
    queryRows(
      db,
      selectCredits(sql`${creditState} = ${status}`, sql`limit ${limit} offset ${offset}`),
      creditRow,
    ),
    queryRows(
      db,
      sql`select count(*)::int as total, coalesce(sum(b.amount), 0)::numeric(14, 2)::text as "totalAmount"
          from bank_credits b where ${creditState} = ${status}`,
      z.object({ total: z.number(), totalAmount: z.string() }),
    ),
  ]);
  return { data: rows.map(toCredit), total: count?.total ?? 0, totalAmount: count?.totalAmount ?? "0.00" };
}

/** Every credit in a status by the bank's date, newest first (the export: a canteen's credits are thousands, not millions). */
export async function allBankCredits(db: Db, status: BankCreditStatus): Promise<BankCredit[]> {
  const rows = await queryRows(
    db,
    selectCredits(sql`${creditState} = ${status}`, sql`limit 100000`),
    creditRow,
  );
  return rows.map(toCredit);
}

/** How many credits wait in each status (the tabs of /money). */
export async function bankCreditCounts(db: Db): Promise<Record<BankCreditStatus, number>> {
  const rows = await queryRows(
    db,
    sql`select ${creditState} as status, count(*)::int as count from bank_credits b group by 1`,
    z.object({ status: z.enum(BANK_CREDIT_STATES), count: z.number() }),
  );
  const counts = { matched: 0, review: 0, unallocated: 0, dismissed: 0, reversed: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/** How many credits wait for an admin (review and unallocated): the dashboard's warning, on the status index. */
export async function waitingBankCreditCount(db: Db): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as count from bank_credits where status in ('review', 'unallocated')`,
    z.object({ count: z.number() }),
  );
  return row?.count ?? 0;
}

async function findCredit(db: Db | Tx, id: string): Promise<BankCredit> {
  const [row] = await queryRows(db, selectCredits(sql`b.id = ${id}`), creditRow);
  if (!row) throw notFound();
  return toCredit(row);
}

/**
 * Takes a waiting credit (review or unallocated) for its change, or says why not: unknown (404)
 * or already allocated or dismissed (409). The row lock makes two admins' clicks one change.
 */
async function lockWaitingCredit(tx: Tx, id: string): Promise<{ amount: string }> {
  const [row] = await queryRows(
    tx,
    sql`select amount::text as amount, status from bank_credits where id = ${id} for update`,
    z.object({ amount: z.string(), status: z.enum(BANK_CREDIT_STATUSES) }),
  );
  if (!row) throw notFound();
  if (row.status === "matched" || row.status === "dismissed") throw new AppError("already_allocated");
  return row;
}

/** An admin gives a waiting credit to a customer: their wallet gets it (`eft`), once. */
export async function allocateBankCredit(
  db: Db,
  {
    creditId,
    userId,
    admin,
    mail,
    now,
  }: { creditId: string; userId: string; admin: MoneyInActor; mail: MailConfig; now: Date },
): Promise<BankCredit> {
  const id = creditIdOf(creditId);
  return db.transaction(async (tx) => {
    const { amount } = await lockWaitingCredit(tx, id);
    await lockPerson(tx, userId, CUSTOMER_ROLES);
    await tx.execute(
      sql`update bank_credits set status = 'matched', user_id = ${userId}, resolved_by = ${admin.id},
            resolved_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
    await bookMoneyIn(tx, {
      channel: "eft",
      userId,
      amount,
      reason: null,
      actor: admin,
      at: now,
      bankCreditId: Number(id),
      mail,
    });
    return findCredit(tx, id);
  });
}

/** An admin sets a waiting credit aside with a reason (not the canteen's money, a refund made by hand…). */
export async function dismissBankCredit(
  db: Db,
  { creditId, reason, adminId, now }: { creditId: string; reason: string; adminId: string; now: Date },
): Promise<BankCredit> {
  const id = creditIdOf(creditId);
  return db.transaction(async (tx) => {
    await lockWaitingCredit(tx, id);
    await tx.execute(
      sql`update bank_credits set status = 'dismissed', dismiss_reason = ${reason}, resolved_by = ${adminId},
            resolved_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
    return findCredit(tx, id);
  });
}

/** A credit's id is a whole number; anything else names nothing (404, never an SQL error). */
function creditIdOf(id: string): string {
  if (!/^[1-9]\d{0,15}$/.test(id)) throw notFound();
  return id;
}
