import {
  type PeopleSort,
  type PersonOrder,
  personOrder,
  type WalletStatementEntry,
} from "@kantien/domain/people";
import { and, asc, count, desc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import {
  allergyAccessLog,
  authTokens,
  bankCredits,
  clients,
  customerAllergies,
  dietaryProfiles,
  foodItems,
  kantienStaff,
  orders,
  sessions,
  users,
  wallets,
  walletTransactions,
} from "../../db/schema";
import { searchPatterns } from "../../db/search-patterns";
import { notFound } from "../../errors";
import { ledgerEntryColumns, toLedgerEntry } from "../wallets/ledger";

/* What /users and /staff share: search, paging, order history, the ledger, and removal. */

export const PEOPLE_LIST_DEFAULT_LIMIT = 25;
export const PEOPLE_LIST_MAX_LIMIT = 100;
export const PERSON_ORDERS_LIMIT = 100;
export const LEDGER_LIMIT = 100;

/** The table a list joins for its own number: clients' academy number, staff's employee number. */
export type PeopleNumber = { table: PgTable; userId: AnyPgColumn; number: AnyPgColumn };

/**
 * Every word of `q` must match the first name, last name or email, or the list's number
 * (case-insensitive, any part). Each word is the people it matches, found through the
 * columns' trigram indexes (migration 0007), the number's table joined by union: one OR
 * across two tables would read every row instead. The matches are gathered first, as an array
 * the list then looks up by key: `in (subquery)` left the planner to weigh a hash join over every
 * person against the lookups, and a few rows more on the estimate tipped it to reading them all.
 */
export function searchWords(
  q: string | undefined,
  number: PeopleNumber,
  alsoFinds?: (pattern: string) => SQL,
): SQL[] {
  return searchPatterns(q).map((pattern) => {
    return sql`${users.id} = any(array(
      select id from ${users}
      where first_name ilike ${pattern} or last_name ilike ${pattern} or email ilike ${pattern}
      union select ${number.userId} from ${number.table} where ${number.number} ilike ${pattern}
      ${alsoFinds ? sql`union ${alsoFinds(pattern)}` : sql``}))`;
  });
}

/** Name order, the key as tie-breaker, so pages never overlap (index users_name_idx). */
export const nameOrder = [asc(users.lastName), asc(users.firstName), asc(users.id)];

/** Live people only: anonymised ones (deleted_at) are history, not people to manage. */
export const notDeleted = isNull(users.deletedAt);

/** People with money in their wallet: the lists' "active" tab. */
export const hasBalance = gt(wallets.balance, "0");

/** The wallet balance as a decimal string; "0.00" without a wallet. */
export const balanceText = sql<string>`coalesce(${wallets.balance}, 0)::numeric(12,2)::text`;

/** The columns both lists show; each adds its own number and flags. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  balance: balanceText,
  createdAt: users.accountCreationTime,
  version: users.version,
};

/**
 * One people list (/users or /staff): who is in it (`kind`), its number, its tabs, its
 * columns, and the schema that reads a selected row as answered (the role checked, the
 * dates as text).
 */
export type PeopleList<Tab extends string, Row> = {
  kind: SQL;
  number: PeopleNumber;
  /** More people a search word finds: a select of user ids (a learner found by their guardian's name). */
  alsoFinds?: (pattern: string) => SQL;
  tabs: { [T in Tab]: SQL | undefined };
  columns: SelectedFields;
  row: z.ZodType<Row>;
};

export type PeopleListParams<Role extends number, Tab extends string> = {
  q?: string | undefined;
  role?: Role | undefined;
  tab: Tab;
  /** Name order unless asked: by balance, lowest (`balance`) or highest (`-balance`) first. */
  sort?: PeopleSort | undefined;
  limit: number;
  offset: number;
};

/** The list's people with their number and wallet, before any filter. */
function peopleFrom<Tab extends string, Row>(
  db: Db | Tx,
  list: PeopleList<Tab, Row>,
  columns: SelectedFields,
) {
  return db
    .select(columns)
    .from(users)
    .leftJoin(list.number.table, eq(list.number.userId, users.id))
    .leftJoin(wallets, eq(wallets.userId, users.id));
}

function peopleWhere<Tab extends string, Row>(
  list: PeopleList<Tab, Row>,
  params: PeopleListParams<number, Tab>,
) {
  return and(
    list.kind,
    notDeleted,
    params.role ? eq(users.roleId, params.role) : undefined,
    list.tabs[params.tab],
    ...searchWords(params.q, list.number, list.alsoFinds),
  );
}

/** The balance a list sorts and filters by: no wallet is R0. */
export const balanceValue = sql`coalesce(${wallets.balance}, 0)`;

function peopleOrder(sort: PeopleSort | undefined) {
  if (sort === "balance") return [asc(balanceValue), ...nameOrder];
  if (sort === "-balance") return [desc(balanceValue), ...nameOrder];
  return nameOrder;
}

/** One page of a people list, in name order or by balance (also what the plan tests explain). */
export function peoplePageQuery<Tab extends string, Row>(
  db: Db | Tx,
  list: PeopleList<Tab, Row>,
  params: PeopleListParams<number, Tab>,
) {
  return peopleFrom(db, list, list.columns)
    .where(peopleWhere(list, params))
    .orderBy(...peopleOrder(params.sort))
    .limit(params.limit)
    .offset(params.offset);
}

/** A people list searched, filtered and paged on the server, with the count of all matches. */
export async function listPeople<Tab extends string, Row>(
  db: Db,
  list: PeopleList<Tab, Row>,
  params: PeopleListParams<number, Tab>,
): Promise<{ rows: Row[]; total: number }> {
  const rows = z.array(list.row).parse(await peoplePageQuery(db, list, params));
  const [counted] = await peopleFrom(db, list, { total: count() }).where(peopleWhere(list, params));
  return { rows, total: Number(counted?.total ?? 0) };
}

/** How many people of the list are in one tab (the dashboard's low balances). */
export async function countPeople<Tab extends string, Row>(
  db: Db,
  list: PeopleList<Tab, Row>,
  tab: Tab,
): Promise<number> {
  const [counted] = await peopleFrom(db, list, { total: count() }).where(
    peopleWhere(list, { tab, limit: 0, offset: 0 }),
  );
  return Number(counted?.total ?? 0);
}

/** One live person of the list; null for anyone else. */
export async function findPerson<Tab extends string, Row>(
  db: Db | Tx,
  list: PeopleList<Tab, Row>,
  id: string,
): Promise<Row | null> {
  const [row] = z
    .array(list.row)
    .parse(await peopleFrom(db, list, list.columns).where(and(eq(users.id, id), list.kind, notDeleted)));
  return row ?? null;
}

/**
 * The fields both edit forms send; the form sends every field, so an empty phone clears it.
 * A field left out (the data API's partial update) stays as it is.
 */
export async function updatePerson(
  tx: Tx,
  id: string,
  input: {
    firstName?: string | undefined;
    lastName?: string | undefined;
    email?: string | undefined;
    roleId?: number | undefined;
    phoneNumber?: string | null | undefined;
  },
): Promise<void> {
  const values = Object.fromEntries(
    Object.entries({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      roleId: input.roleId,
      phoneNumber: input.phoneNumber,
    }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(values).length === 0) return;
  await tx.update(users).set(values).where(eq(users.id, id));
}

/** The person's orders, newest first, with the day each is for (the stored order date). */
export async function personOrders(
  db: Db | Tx,
  userId: string,
  limit = PERSON_ORDERS_LIMIT,
): Promise<PersonOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      pickupNumber: orders.pickupNumber,
      itemName: foodItems.name,
      quantity: orders.foodItemQuantity,
      amount: sql<string>`(${orders.foodItemPrice} * ${orders.foodItemQuantity})::numeric(12,2)::text`,
      status: orders.status,
      orderDate: sql<string>`${orders.orderDate}::text`,
    })
    .from(orders)
    .innerJoin(foodItems, eq(foodItems.id, orders.foodItemId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  // The status column is text to Drizzle; the domain schema reads it as an order status.
  return z.array(personOrder).parse(rows);
}

export async function countOrders(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

/**
 * The wallet's ledger, newest first: date, kind, signed amount, balance after, reason; an EFT
 * from a bank statement with the bank line's date and text.
 */
export async function ledger(
  db: Db | Tx,
  userId: string,
  limit = LEDGER_LIMIT,
): Promise<WalletStatementEntry[]> {
  const rows = await db
    .select({
      ...ledgerEntryColumns,
      bankDate: sql<string | null>`${bankCredits.date}::text`,
      bankText: bankCredits.description,
    })
    .from(walletTransactions)
    .leftJoin(bankCredits, eq(bankCredits.id, walletTransactions.bankCreditId))
    .where(eq(walletTransactions.userId, userId))
    .orderBy(desc(walletTransactions.id))
    .limit(limit);
  return rows.map(({ bankDate, bankText, ...row }) => ({
    ...toLedgerEntry(row),
    bankLine: bankDate && bankText !== null ? { date: bankDate, description: bankText } : null,
  }));
}

/**
 * Locks a live person of one of `roles` for the rest of the transaction; 404 when there is
 * none (a customer's id on the staff calls names nobody, and the other way round).
 * Edits and top-ups take `no key update`: it does not block the key-share lock that a
 * ledger row or an order takes on its person, so a top-up that locks the person and then
 * the wallet never deadlocks with a debit that locks the wallet and then writes its ledger
 * row. Only a removal, which may delete the row, takes `update`.
 */
export async function lockPerson(
  tx: Tx,
  userId: string,
  roles: readonly number[],
  mode: "no key update" | "update" = "no key update",
) {
  const [row] = await tx
    .select({
      id: users.id,
      roleId: users.roleId,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(and(eq(users.id, userId), notDeleted))
    .for(mode);
  if (!row || !roles.includes(row.roleId)) throw notFound();
  return row;
}

/**
 * Whether removing the person would lose history: orders, a ledger or a balance, or (for
 * staff) weekly menus made and order status changes made.
 */
async function hasHistory(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await queryRows(
    tx,
    sql`select (
      exists (select 1 from orders where user_id = ${userId})
      or exists (select 1 from wallet_transactions where user_id = ${userId} or created_by = ${userId})
      or exists (select 1 from wallets where user_id = ${userId} and balance <> 0)
      or exists (select 1 from weekly_menus where kantien_staff_id = ${userId})
      or exists (select 1 from counter_sales where customer_id = ${userId} or sold_by = ${userId})
      or exists (select 1 from order_status_changes where changed_by = ${userId})
    ) as history`,
    z.object({ history: z.boolean() }),
  );
  return Boolean(row?.history);
}

/** Whether `guardianId` may act for `learnerId` now: an active link to a learner not removed. */
export async function isActivelyLinked(db: Db | Tx, guardianId: string, learnerId: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 as one from guardian_links gl join users u on u.id = gl.learner_id
        where gl.guardian_id = ${guardianId} and gl.learner_id = ${learnerId}
          and gl.status = 'active' and u.deleted_at is null`,
    z.object({ one: z.number() }),
  );
  return rows.length > 0;
}

/**
 * Makes a learner's longest-linked active guardian primary when the primary's link has ended
 * (decision 0068). The caller holds the learner's row lock.
 */
export async function promoteNextPrimary(tx: Tx, learnerId: string) {
  await tx.execute(
    sql`update guardian_links set is_primary = true
        where (guardian_id, learner_id) = (
          select guardian_id, learner_id from guardian_links
          where learner_id = ${learnerId} and status = 'active'
          order by created_at, guardian_id limit 1)
          and not exists (select 1 from guardian_links where learner_id = ${learnerId} and is_primary)`,
  );
}

/**
 * Ends every link of a person who goes, as a guardian or as a learner, each on the record
 * (`guardian_link_changes`), and passes a primary guardian's place on to the next guardian.
 */
async function endLinksOf(tx: Tx, userId: string, by: string | null) {
  const ended = await queryRows(
    tx,
    sql`with ended as (
          delete from guardian_links where guardian_id = ${userId} or learner_id = ${userId}
          returning guardian_id, learner_id, is_primary),
        recorded as (
          insert into guardian_link_changes (guardian_id, learner_id, change, changed_by)
          select guardian_id, learner_id, 'removed', ${by} from ended)
        select learner_id as "learnerId" from ended where is_primary and learner_id <> ${userId}`,
    z.object({ learnerId: z.string() }),
  );
  for (const { learnerId } of ended) await promoteNextPrimary(tx, learnerId);
}

/**
 * Removes a person (decision 0010). Their links to learners or guardians end first, on the
 * record. Without history the account is deleted. With orders, a ledger or a balance it is
 * anonymised instead: name, email, phone, academy and employee numbers and the password go,
 * sessions and links end, and the orders and every ledger row stay with the anonymous account.
 * The caller holds the person's row lock; `by` is who removes them.
 */
export async function removePerson(
  tx: Tx,
  userId: string,
  by: string | null,
): Promise<{ anonymised: boolean }> {
  await endLinksOf(tx, userId, by);
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
  // No health information stays with an anonymous account (decision 0041); a delete cascades.
  await tx.delete(customerAllergies).where(eq(customerAllergies.userId, userId));
  await tx.delete(dietaryProfiles).where(eq(dietaryProfiles.userId, userId));
  await tx.delete(allergyAccessLog).where(eq(allergyAccessLog.userId, userId));
  return { anonymised: true };
}
