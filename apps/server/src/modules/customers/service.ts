import type {
  CustomerDetail,
  CustomerInput,
  CustomerRow,
  CustomerTab,
  LedgerEntry,
} from "@kantien/domain/people";
import { CUSTOMER_ROLES } from "@kantien/domain/roles";
import { and, count, eq, gt, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { clients, users, wallets } from "../../db/schema";
import { conflict, notFound, pgConstraint, pgErrorCode } from "../../errors";
import { idempotent } from "../../idempotency";
import { createAccount } from "../auth/accounts";
import { moveWalletMoney } from "../wallets/ledger";
import {
  balanceText,
  latestLedgerEntry,
  ledger,
  lockPerson,
  nameOrder,
  notDeleted,
  personOrders,
  removePerson,
  searchWords,
} from "./people";

export type CustomerListParams = {
  q?: string | undefined;
  role?: 1 | 2 | undefined;
  tab: CustomerTab;
  limit: number;
  offset: number;
};

const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  akdNumber: clients.akdNumber,
  balance: balanceText,
  createdAt: users.accountCreationTime,
};

type CustomerRecord = Omit<CustomerRow, "createdAt" | "roleId"> & { roleId: number; createdAt: Date };

const toRow = (r: CustomerRecord): CustomerRow => ({
  ...r,
  roleId: r.roleId as 1 | 2,
  createdAt: r.createdAt.toISOString(),
});

const isCustomer = inArray(users.roleId, [...CUSTOMER_ROLES]);

const TAB_FILTERS: Record<CustomerTab, SQL | undefined> = {
  all: undefined,
  active: gt(wallets.balance, "0"),
  clients: isNotNull(clients.userId),
  staff: isNull(clients.userId),
};

/** The /users list: customers (roles 1–2) only, searched, filtered and paged on the server. */
export async function listCustomers(db: Db, params: CustomerListParams) {
  const where = and(
    isCustomer,
    notDeleted,
    params.role ? eq(users.roleId, params.role) : undefined,
    TAB_FILTERS[params.tab],
    ...searchWords(params.q, [clients.akdNumber]),
  );
  const rows = await db
    .select(customerColumns)
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(where)
    .orderBy(...nameOrder)
    .limit(params.limit)
    .offset(params.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(where);
  return { rows: rows.map(toRow), total: counted?.total ?? 0 };
}

async function findCustomer(db: Db | Tx, id: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select(customerColumns)
    .from(users)
    .leftJoin(clients, eq(clients.userId, users.id))
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(and(eq(users.id, id), isCustomer, notDeleted));
  return row ? toRow(row) : null;
}

export async function getCustomer(db: Db, id: string, timeZone: string): Promise<CustomerDetail> {
  const row = await findCustomer(db, id);
  if (!row) throw notFound();
  return {
    ...row,
    recentOrders: await personOrders(db, id, timeZone, 10),
    ledger: await ledger(db, id),
  };
}

/** Turns a taken email or academy number into its 409 with a message of its own. */
export function peopleConflict(error: unknown): unknown {
  if (pgErrorCode(error) !== "23505") return error;
  switch (pgConstraint(error)) {
    case "users_email_lower_key":
      return conflict("email_taken");
    case "clients_akd_number_key":
      return conflict("akd_number_taken");
    case "kantien_staff_employee_number_key":
      return conflict("employee_number_taken");
    default:
      return error;
  }
}

async function setAkdNumber(tx: Tx, userId: string, akdNumber: string | null | undefined) {
  if (akdNumber === undefined) return;
  if (akdNumber === null) {
    await tx.delete(clients).where(eq(clients.userId, userId));
    return;
  }
  await tx
    .insert(clients)
    .values({ userId, akdNumber })
    .onConflictDoUpdate({ target: clients.userId, set: { akdNumber } });
}

/** A customer made here has no password: customers do not sign in to the back-office. */
export async function createCustomer(db: Db, input: CustomerInput): Promise<CustomerRow> {
  return db
    .transaction(async (tx) => {
      const created = await createAccount(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber ?? null,
        roleId: input.roleId,
        passwordHash: null,
      });
      await setAkdNumber(tx, created.id, input.akdNumber ?? null);
      return (await findCustomer(tx, created.id))!;
    })
    .catch((error) => {
      throw peopleConflict(error);
    });
}

/** Edits a customer: the form sends every field, so an empty phone or academy number clears it. */
export async function updateCustomer(db: Db, id: string, input: CustomerInput): Promise<CustomerRow> {
  return db
    .transaction(async (tx) => {
      const person = await lockPerson(tx, id);
      if (!person || !CUSTOMER_ROLES.includes(person.roleId as 1 | 2)) throw notFound();
      await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          roleId: input.roleId,
          ...(input.phoneNumber === undefined ? {} : { phoneNumber: input.phoneNumber }),
        })
        .where(eq(users.id, id));
      await setAkdNumber(tx, id, input.akdNumber);
      return (await findCustomer(tx, id))!;
    })
    .catch((error) => {
      throw peopleConflict(error);
    });
}

export async function deleteCustomer(db: Db, id: string): Promise<{ anonymised: boolean }> {
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, id, "update");
    if (!person || !CUSTOMER_ROLES.includes(person.roleId as 1 | 2)) throw notFound();
    return removePerson(tx, id);
  });
}

export type TopUpResult = { balance: string; entry: LedgerEntry };

/**
 * Credits a customer's wallet once per Idempotency-Key, in one transaction with the key's
 * claim: the same key again, or at the same time, answers the first result and moves nothing.
 */
export async function topUp(
  db: Db,
  args: { customerId: string; amount: string; reason: string; key: string; actorId: string },
): Promise<TopUpResult> {
  const request = { customerId: args.customerId, amount: args.amount, reason: args.reason };
  const { body } = await idempotent<TopUpResult>(
    db,
    { scope: "top-up", key: args.key, userId: args.actorId, request },
    async (tx) => {
      const person = await lockPerson(tx, args.customerId);
      if (!person || !CUSTOMER_ROLES.includes(person.roleId as 1 | 2)) throw notFound();
      const balance = await moveWalletMoney(tx, {
        userId: args.customerId,
        amount: args.amount,
        kind: "top_up",
        reason: args.reason,
        createdBy: args.actorId,
      });
      if (balance === null) throw new Error("a credit cannot fail");
      return { statusCode: 201, body: { balance, entry: await latestLedgerEntry(tx, args.customerId) } };
    },
  );
  return body;
}
