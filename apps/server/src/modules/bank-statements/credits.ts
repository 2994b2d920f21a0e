import {
  BANK_CREDIT_STATUSES,
  type BankCredit,
  type BankCreditStatus,
  bankCredit,
} from "@kantien/domain/bank-statements";
import { CUSTOMER_ROLES } from "@kantien/domain/roles";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { AppError, notFound } from "../../errors";
import { type MailConfig, mailMoneyArrived } from "../email/money-arrived";
import { lockPerson } from "../people/people";
import { moveWalletMoney } from "../wallets/ledger";

const creditRow = bankCredit.omit({ customer: true }).extend({
  resolvedAt: timestampColumn.nullable(),
  importedAt: timestampColumn,
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  paymentReference: z.string().nullable(),
});

function selectCredits(where: SQL, page = sql``) {
  return sql`select b.id::text as id, b.statement_id as "statementId", s.bank, b.date::text as date,
        b.amount::text as amount, b.description, b.status, b.hint, b.dismiss_reason as "dismissReason",
        r.first_name || ' ' || r.last_name as "resolvedBy", b.resolved_at as "resolvedAt",
        s.imported_at as "importedAt", u.id as "customerId",
        u.first_name || ' ' || u.last_name as "customerName", w.payment_reference as "paymentReference"
      from bank_credits b
      join bank_statements s on s.id = b.statement_id
      left join users u on u.id = b.user_id
      left join wallets w on w.user_id = b.user_id
      left join users r on r.id = b.resolved_by
      where ${where}
      order by b.id desc ${page}`;
}

function toCredit({
  customerId,
  customerName,
  paymentReference,
  ...row
}: z.infer<typeof creditRow>): BankCredit {
  return {
    ...row,
    customer:
      customerId && customerName && paymentReference
        ? { id: customerId, name: customerName, paymentReference }
        : null,
  };
}

/** One page of the credits in a status, newest first, and how many there are. */
export async function listBankCredits(
  db: Db,
  { status, limit, offset }: { status: BankCreditStatus; limit: number; offset: number },
): Promise<{ data: BankCredit[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows(db, selectCredits(sql`b.status = ${status}`, sql`limit ${limit} offset ${offset}`), creditRow),
    queryRows(
      db,
      sql`select count(*)::int as total from bank_credits where status = ${status}`,
      z.object({ total: z.number() }),
    ),
  ]);
  return { data: rows.map(toCredit), total: count?.total ?? 0 };
}

/** Every credit in a status, newest first (the export: a canteen's credits are thousands, not millions). */
export async function allBankCredits(db: Db, status: BankCreditStatus): Promise<BankCredit[]> {
  const rows = await queryRows(db, selectCredits(sql`b.status = ${status}`, sql`limit 100000`), creditRow);
  return rows.map(toCredit);
}

/** How many credits wait in each status (the tabs of /money). */
export async function bankCreditCounts(db: Db): Promise<Record<BankCreditStatus, number>> {
  const rows = await queryRows(
    db,
    sql`select status, count(*)::int as count from bank_credits group by status`,
    z.object({ status: z.enum(BANK_CREDIT_STATUSES), count: z.number() }),
  );
  const counts = { matched: 0, review: 0, unallocated: 0, dismissed: 0 };
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
    adminId,
    mail,
    now,
  }: { creditId: string; userId: string; adminId: string; mail: MailConfig; now: Date },
): Promise<BankCredit> {
  const id = creditIdOf(creditId);
  return db.transaction(async (tx) => {
    const { amount } = await lockWaitingCredit(tx, id);
    await lockPerson(tx, userId, CUSTOMER_ROLES);
    await tx.execute(
      sql`update bank_credits set status = 'matched', user_id = ${userId}, resolved_by = ${adminId},
            resolved_at = ${now.toISOString()}::timestamptz
          where id = ${id}`,
    );
    const entry = await moveWalletMoney(tx, {
      userId,
      amount,
      kind: "eft",
      bankCreditId: Number(id),
      createdBy: adminId,
      at: now,
    });
    await mailMoneyArrived(tx, mail, [{ userId, amount, kind: "eft", balanceAfter: entry!.balanceAfter }]);
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
