import type { LedgerEntry, PersonOrder } from "@kantien/domain/people";
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type Db, queryRows, type Tx } from "../../db/client";
import {
  authTokens,
  clients,
  foodItems,
  kantienStaff,
  orders,
  sessions,
  users,
  wallets,
  walletTransactions,
} from "../../db/schema";

/* What /users and /staff share: search, paging, order history, the ledger, and removal. */

export const PEOPLE_LIST_DEFAULT_LIMIT = 25;
export const PEOPLE_LIST_MAX_LIMIT = 100;
export const PERSON_ORDERS_LIMIT = 100;
export const LEDGER_LIMIT = 100;

/** Every word of `q` must match the name, email or one of `extra` (case-insensitive). */
export function searchWords(q: string | undefined, extra: AnyPgColumn[] = []): SQL[] {
  const words = q?.trim().split(/\s+/).filter(Boolean).slice(0, 5) ?? [];
  return words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, "\\$&")}%`;
    return or(
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(users.email, pattern),
      ...extra.map((column) => ilike(column, pattern)),
    ) as SQL;
  });
}

/** Name order, the key as tie-breaker, so pages never overlap (index users_name_idx). */
export const nameOrder = [asc(users.lastName), asc(users.firstName), asc(users.id)];

/** Live people only: anonymised ones (deleted_at) are history, not people to manage. */
export const notDeleted = isNull(users.deletedAt);

/** The wallet balance as a decimal string; "0.00" without a wallet. */
export const balanceText = sql<string>`coalesce(${wallets.balance}, 0)::numeric(12,2)::text`;

/** The person's orders, newest first, with the day each is for (delivery date, else the day ordered). */
export async function personOrders(
  db: Db | Tx,
  userId: string,
  timeZone: string,
  limit = PERSON_ORDERS_LIMIT,
): Promise<PersonOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      itemName: foodItems.name,
      quantity: orders.foodItemQuantity,
      amount: sql<string>`(${orders.foodItemPrice} * ${orders.foodItemQuantity})::numeric(12,2)::text`,
      status: orders.status,
      orderDate: sql<string>`to_char(coalesce(${orders.deliveryDate}, (${orders.createdAt} at time zone ${timeZone})::date), 'YYYY-MM-DD')`,
    })
    .from(orders)
    .innerJoin(foodItems, eq(foodItems.id, orders.foodItemId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows as PersonOrder[];
}

export async function countOrders(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

const ledgerColumns = {
  id: sql<string>`${walletTransactions.id}::text`,
  at: walletTransactions.createdAt,
  kind: walletTransactions.kind,
  amount: sql<string>`${walletTransactions.amount}::text`,
  balanceAfter: sql<string>`${walletTransactions.balanceAfter}::text`,
  reason: walletTransactions.reason,
};

function toEntry(row: {
  id: string;
  at: Date;
  kind: string;
  amount: string;
  balanceAfter: string;
  reason: string | null;
}): LedgerEntry {
  return { ...row, at: row.at.toISOString(), kind: row.kind as LedgerEntry["kind"] };
}

/** The wallet's ledger, newest first: date, kind, signed amount, balance after, reason. */
export async function ledger(db: Db | Tx, userId: string, limit = LEDGER_LIMIT): Promise<LedgerEntry[]> {
  const rows = await db
    .select(ledgerColumns)
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId))
    .orderBy(desc(walletTransactions.id))
    .limit(limit);
  return rows.map(toEntry);
}

/** The newest ledger row of a wallet; inside a transaction that holds the wallet, the one it wrote. */
export async function latestLedgerEntry(tx: Tx, userId: string): Promise<LedgerEntry> {
  const [entry] = await ledger(tx, userId, 1);
  if (!entry) throw new Error(`no ledger row for ${userId}`);
  return entry;
}

/**
 * Locks a live person's row for the rest of the transaction; null when there is none.
 * Edits and top-ups take `no key update`: it does not block the key-share lock that a
 * ledger row or an order takes on its person, so a top-up that locks the person and then
 * the wallet never deadlocks with a debit that locks the wallet and then writes its ledger
 * row. Only a removal, which may delete the row, takes `update`.
 */
export async function lockPerson(tx: Tx, userId: string, mode: "no key update" | "update" = "no key update") {
  const [row] = await tx
    .select({
      id: users.id,
      roleId: users.roleId,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.id, userId), notDeleted))
    .for(mode);
  return row ?? null;
}

/**
 * Whether removing the person would lose history: orders, a ledger or a balance, or (for
 * staff) weekly menus made and order status changes made.
 */
async function hasHistory(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ history: boolean }>(
    tx,
    sql`select (
      exists (select 1 from orders where user_id = ${userId})
      or exists (select 1 from order_batches where user_id = ${userId})
      or exists (select 1 from wallet_transactions where user_id = ${userId} or created_by = ${userId})
      or exists (select 1 from wallets where user_id = ${userId} and balance <> 0)
      or exists (select 1 from weekly_menus where kantien_staff_id = ${userId})
      or exists (select 1 from order_status_changes where changed_by = ${userId})
    ) as history`,
  );
  return Boolean(row?.history);
}

/**
 * Removes a person (decision 0010). Without history the account is deleted. With orders,
 * a ledger or a balance it is anonymised instead: name, email, phone, academy and employee
 * numbers and the password go, sessions and links end, and the orders and every ledger row
 * stay with the anonymous account. The caller holds the person's row lock.
 */
export async function removePerson(tx: Tx, userId: string): Promise<{ anonymised: boolean }> {
  if (!(await hasHistory(tx, userId))) {
    await tx.delete(users).where(eq(users.id, userId));
    return { anonymised: false };
  }
  await tx
    .update(users)
    .set({
      firstName: "Verwyderde",
      lastName: "gebruiker",
      // A unique address that can never receive mail (.invalid, RFC 2606); the real one is free again.
      email: sql`'verwyder-' || ${users.id}::text || '@kantien.invalid'`,
      phoneNumber: null,
      passwordHash: null,
      emailVerifiedAt: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await tx.delete(clients).where(eq(clients.userId, userId));
  await tx.update(kantienStaff).set({ kantienEmployeeNumber: null }).where(eq(kantienStaff.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(authTokens).where(eq(authTokens.userId, userId));
  return { anonymised: true };
}
