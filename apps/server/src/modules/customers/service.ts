import type { SignupInput } from "@kantien/domain/auth";
import type { CustomerAllergiesRecord } from "@kantien/domain/dietary-profile";
import type { Language } from "@kantien/domain/language";
import {
  type CustomerDetail,
  type CustomerInput,
  type CustomerRow,
  type CustomerTab,
  customerRow,
} from "@kantien/domain/people";
import { CUSTOMER_ROLES, isAdminRole, isCustomerRole, ROLE, STAFF_ROLES } from "@kantien/domain/roles";
import { eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config";
import { type Db, type Tx, timestampColumn } from "../../db/client";
import { clients, users } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import type { MailContext } from "../../mail/letter";
import { hashPassword } from "../../password-hash";
import { claimVersion } from "../../record-version";
import { createAccount, emailTaken, type UserNames } from "../auth/accounts";
import { admitSignupAttempt } from "../auth/login-limit";
import { mailAccountLink } from "../auth/service";
import { activeCardIssuedAt } from "../learner-cards/cards";
import {
  balanceValue,
  countPeople,
  findPerson,
  hasBalance,
  ledger,
  listPeople,
  lockPerson,
  type PeopleList,
  type PeopleListParams,
  personColumns,
  personOrders,
  removePerson,
  updatePerson,
} from "../people/people";
import { paymentReferenceOf } from "../wallets/ledger";
import { type AllergyChanges, logAllergyAccess, readAllergies, saveAllergies } from "./allergies";

export type CustomerListParams = PeopleListParams<1 | 2, CustomerTab>;

/** The /users list: customers (roles 1–2) only, searched also by academy number. */
export const customersList: PeopleList<CustomerTab, CustomerRow> = {
  kind: inArray(users.roleId, [...CUSTOMER_ROLES]),
  number: { table: clients, userId: clients.userId, number: clients.akdNumber },
  tabs: {
    all: undefined,
    active: hasBalance,
    clients: isNotNull(clients.userId),
    staff: isNull(clients.userId),
    low: sql`${balanceValue} < (select low_balance_threshold from canteen_settings where id = 1)`,
  },
  // Learners are found by their guardians' names and addresses too (decision 0068).
  alsoFinds: (pattern) =>
    sql`select gl.learner_id from guardian_links gl join users g on g.id = gl.guardian_id
        where gl.status = 'active'
          and (g.first_name ilike ${pattern} or g.last_name ilike ${pattern} or g.email ilike ${pattern})`,
  columns: {
    ...personColumns,
    akdNumber: clients.akdNumber,
    guardians: sql<{ id: string; name: string }[]>`coalesce((
      select json_agg(json_build_object('id', g.id, 'name', g.first_name || ' ' || g.last_name)
                      order by gl.is_primary desc, g.first_name, g.id)
      from guardian_links gl join users g on g.id = gl.guardian_id and g.deleted_at is null
      where gl.learner_id = ${users.id} and gl.status = 'active'), '[]')`,
  },
  row: customerRow.extend({ createdAt: timestampColumn }),
};

/** The /users list, searched, filtered and paged on the server. */
export function listCustomers(db: Db, params: CustomerListParams) {
  return listPeople(db, customersList, params);
}

/** How many customers one tab of /users holds: `low` is the dashboard's low balances. */
export function countCustomers(db: Db, tab: CustomerTab): Promise<number> {
  return countPeople(db, customersList, tab);
}

const findCustomer = (db: Db | Tx, id: string) => findPerson(db, customersList, id);

export async function getCustomer(db: Db, id: string): Promise<CustomerDetail> {
  const row = await findCustomer(db, id);
  if (!row) throw notFound();
  return {
    ...row,
    paymentReference: await paymentReferenceOf(db, id),
    recentOrders: await personOrders(db, id, 10),
    ledger: await ledger(db, id),
    cardIssuedAt: await activeCardIssuedAt(db, id),
  };
}

/**
 * An admin opens a customer's allergies: logged before they are read, in one transaction, so no
 * one sees them unrecorded (decision 0041).
 */
export async function openCustomerAllergies(
  db: Db,
  { customerId, adminId, now }: { customerId: string; adminId: string; now: Date },
): Promise<CustomerAllergiesRecord> {
  return db.transaction(async (tx) => {
    if (!(await findCustomer(tx, customerId))) throw notFound();
    await logAllergyAccess(tx, { userId: customerId, accessedBy: adminId, action: "view", at: now });
    return allergiesRecord(tx, customerId);
  });
}

/** The customer's allergies with the person's version (decision 0057). */
async function allergiesRecord(tx: Tx, customerId: string): Promise<CustomerAllergiesRecord> {
  // One after the other: in a transaction they share one connection.
  const [person] = await tx.select({ version: users.version }).from(users).where(eq(users.id, customerId));
  if (!person) throw notFound();
  return { ...(await readAllergies(tx, customerId)), version: person.version };
}

/**
 * An admin enters a customer's allergies and diet as the customer or their parent gave them;
 * consent given now is recorded as given to this admin. Logged as an `edit`. A save from a
 * version of the person another edit replaced (`expected`, the If-Match) is 409 stale with the
 * allergies as they now are (decision 0057).
 */
export async function changeCustomerAllergies(
  db: Db,
  {
    customerId,
    adminId,
    changes,
    now,
    expected = null,
  }: { customerId: string; adminId: string; changes: AllergyChanges; now: Date; expected?: number | null },
): Promise<CustomerAllergiesRecord> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, customerId, CUSTOMER_ROLES);
    await claimVersion(tx, {
      table: users,
      where: eq(users.id, customerId),
      expected,
      current: () => allergiesRecord(tx, customerId),
    });
    await saveAllergies(tx, customerId, changes, { now, recordedBy: adminId });
    await logAllergyAccess(tx, { userId: customerId, accessedBy: adminId, action: "edit", at: now });
    return allergiesRecord(tx, customerId);
  });
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
  return db.transaction(async (tx) => {
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
  });
}

/**
 * A customer who signs up (the public /signup): an unverified account with the password,
 * their academy number if given, and a verification link by mail. Each sign-up costs a full
 * hash and a mail, so it is limited per address before any of that; a taken email costs
 * no hashing (the unique index still decides).
 */
export async function signUpCustomer(
  db: Db,
  input: SignupInput,
  {
    limit,
    mail,
    ip,
    language,
  }: { limit: Config["signupLimit"]; mail: MailContext; ip: string; language: Language },
): Promise<UserNames> {
  if (!(await admitSignupAttempt(db, limit, input.email.toLowerCase(), ip))) {
    throw new AppError("signup_rate_limited");
  }
  if (await emailTaken(db, input.email)) throw new AppError("email_taken");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const created = await createAccount(tx, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      phoneNumber: input.phone_number,
      roleId: input.role_id,
      passwordHash,
      language,
    });
    // A guardian has no academy number of their own (decision 0068).
    if (input.role_id !== ROLE.guardian) await setAkdNumber(tx, created.id, input.akd_number || undefined);
    await mailAccountLink(tx, mail, created.id, "verify_email");
    return created;
  });
}

/** What an edit changes: the form sends every field; the data API's `user` only the ones it names. */
export type CustomerChanges = Partial<CustomerInput>;

/**
 * Edits a customer: the form sends every field, so an empty phone or academy number clears it.
 * An edit from a version another edit replaced (`expected`, the If-Match) is 409 stale.
 */
export async function updateCustomer(
  db: Db,
  id: string,
  input: CustomerChanges,
  expected: number | null = null,
): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, id, CUSTOMER_ROLES);
    await claimVersion(tx, {
      table: users,
      where: eq(users.id, id),
      expected,
      current: () => findCustomer(tx, id),
    });
    await updatePerson(tx, id, input);
    await setAkdNumber(tx, id, input.akdNumber);
    return (await findCustomer(tx, id))!;
  });
}

export async function deleteCustomer(db: Db, actorId: string, id: string): Promise<{ anonymised: boolean }> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, id, CUSTOMER_ROLES, "update");
    return removePerson(tx, id, actorId);
  });
}

/**
 * The academy number alone (the data API's `client`, decision 0014): under the person's
 * lock, like every edit of a customer, so both doors take their locks in the same order.
 * Academy numbers belong to customers; only an admin keeps one on a staff member's record.
 * Create refuses a person who has one (409), update and delete one who has none (404).
 */
export async function writeAcademyNumber(
  db: Db,
  args: {
    actorRoleId: number;
    userId: string;
    verb: "create" | "update" | "delete";
    akdNumber?: string | undefined;
  },
): Promise<void> {
  const { userId, verb, akdNumber } = args;
  await db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId, [...CUSTOMER_ROLES, ...STAFF_ROLES]);
    if (!isCustomerRole(person.roleId) && !isAdminRole(args.actorRoleId)) throw forbidden();
    await claimVersion(tx, { table: users, where: eq(users.id, userId), expected: null });
    if (verb === "create") {
      await tx.insert(clients).values({ userId, akdNumber: akdNumber as string });
      return;
    }
    const where = eq(clients.userId, userId);
    const [found] =
      verb === "update"
        ? akdNumber === undefined
          ? await tx.select({ userId: clients.userId }).from(clients).where(where)
          : await tx.update(clients).set({ akdNumber }).where(where).returning({ userId: clients.userId })
        : await tx.delete(clients).where(where).returning({ userId: clients.userId });
    if (!found) throw notFound();
  });
}
