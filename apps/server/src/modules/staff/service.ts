import type { InviteUserInput } from "@kantien/domain/auth";
import {
  type StaffDetail,
  type StaffInput,
  type StaffRow,
  type StaffTab,
  staffRow,
} from "@kantien/domain/people";
import { CUSTOMER_ROLES, isAdminRole, isStaffRole, ROLE, STAFF_ROLES } from "@kantien/domain/roles";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type Db, type Tx, timestampColumn } from "../../db/client";
import { kantienStaff, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { MailContext } from "../../mail/letter";
import { claimVersion } from "../../record-version";
import { createAccount } from "../auth/accounts";
import { mailAccountLink } from "../auth/service";
import { consumeOpenTokens } from "../auth/tokens";
import {
  countOrders,
  findPerson,
  hasBalance,
  listPeople,
  lockPerson,
  type PeopleList,
  type PeopleListParams,
  personColumns,
  personOrders,
  removePerson,
  updatePerson,
} from "../people/people";
import { assertAdminRemains, assertStillAdmin } from "./admins";

export type StaffListParams = PeopleListParams<3 | 4, StaffTab>;

const isStaff = inArray(users.roleId, [...STAFF_ROLES]);

/** The /staff list: roles 3–4 only, searched also by employee number. */
export const staffList: PeopleList<StaffTab, StaffRow> = {
  kind: isStaff,
  number: { table: kantienStaff, userId: kantienStaff.id, number: kantienStaff.kantienEmployeeNumber },
  tabs: {
    all: undefined,
    active: hasBalance,
    admin: eq(users.roleId, ROLE.kitchenAdmin),
    staff: and(eq(users.roleId, ROLE.kitchenStaff), isNotNull(kantienStaff.kantienEmployeeNumber)),
  },
  columns: {
    ...personColumns,
    employeeNumber: kantienStaff.kantienEmployeeNumber,
    invitationPending: sql<boolean>`(${users.passwordHash} is null)`,
  },
  row: staffRow.extend({ createdAt: timestampColumn }),
};

/** The /staff list, searched, filtered and paged on the server. */
export function listStaff(db: Db, params: StaffListParams) {
  return listPeople(db, staffList, params);
}

const findStaff = (db: Db | Tx, id: string) => findPerson(db, staffList, id);

export async function getStaff(db: Db, id: string): Promise<StaffDetail> {
  const row = await findStaff(db, id);
  if (!row) throw notFound();
  return { ...row, totalOrders: await countOrders(db, id), orders: await personOrders(db, id) };
}

/**
 * Edits a staff member (admin only, checked by the route). Nobody changes their own role,
 * and the last admin is never demoted. The new role counts from the person's next request:
 * sessions read the role from the user row on every request. An edit from a version another
 * edit replaced (`expected`, the If-Match) is 409 stale (decision 0057).
 */
export async function updateStaff(
  db: Db,
  actorId: string,
  id: string,
  input: Partial<StaffInput>,
  expected: number | null = null,
): Promise<StaffRow> {
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, id, STAFF_ROLES);
    await assertStillAdmin(tx, actorId);
    if (input.roleId !== undefined && person.roleId !== input.roleId) {
      if (id === actorId) throw new AppError("own_account");
      if (isAdminRole(person.roleId)) await assertAdminRemains(tx, id);
    }
    await claimVersion(tx, {
      table: users,
      where: eq(users.id, id),
      expected,
      current: () => findStaff(tx, id),
    });
    await updatePerson(tx, id, input);
    if (input.employeeNumber !== undefined) {
      const kantienEmployeeNumber = input.employeeNumber;
      await tx
        .insert(kantienStaff)
        .values({ id, kantienEmployeeNumber })
        .onConflictDoUpdate({ target: kantienStaff.id, set: { kantienEmployeeNumber } });
    }
    return (await findStaff(tx, id))!;
  });
}

/** Removes a staff member (decision 0010): never oneself, never the last admin. */
export async function deleteStaff(db: Db, actorId: string, id: string): Promise<{ anonymised: boolean }> {
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, id, STAFF_ROLES, "update");
    if (id === actorId) throw new AppError("own_account");
    await assertStillAdmin(tx, actorId);
    if (isAdminRole(person.roleId)) await assertAdminRemains(tx, id);
    return removePerson(tx, id, actorId);
  });
}

/**
 * The employee number alone (the data API's `kantien_staff`, decision 0014), with the rules
 * of every /staff change: the person's lock first, and a caller who is still an admin.
 * Create refuses a person who has a row (409) and a customer (400), update and delete
 * someone without one (404).
 */
export async function writeEmployeeNumber(
  db: Db,
  args: {
    actorId: string;
    userId: string;
    verb: "create" | "update" | "delete";
    employeeNumber?: string | null | undefined;
  },
): Promise<void> {
  const { userId, verb, employeeNumber } = args;
  await db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId, [...CUSTOMER_ROLES, ...STAFF_ROLES]);
    await assertStillAdmin(tx, args.actorId);
    await claimVersion(tx, { table: users, where: eq(users.id, userId), expected: null });
    if (verb === "create") {
      if (!isStaffRole(person.roleId)) {
        throw new AppError("validation_failed", [{ field: "id", message: "not a staff member" }]);
      }
      await tx.insert(kantienStaff).values({ id: userId, kantienEmployeeNumber: employeeNumber ?? null });
      return;
    }
    const where = eq(kantienStaff.id, userId);
    const [found] =
      verb === "update"
        ? employeeNumber === undefined
          ? await tx.select({ id: kantienStaff.id }).from(kantienStaff).where(where)
          : await tx
              .update(kantienStaff)
              .set({ kantienEmployeeNumber: employeeNumber })
              .where(where)
              .returning({ id: kantienStaff.id })
        : await tx.delete(kantienStaff).where(where).returning({ id: kantienStaff.id });
    if (!found) throw notFound();
  });
}

/**
 * Invites a cook or an admin (admin only, checked by the route): an account without a
 * password, their staff row, and an invitation link by mail to set the password.
 */
export async function inviteStaff(db: Db, input: InviteUserInput, mail: MailContext): Promise<void> {
  await db.transaction(async (tx) => {
    const id = await createStaffAccount(tx, input);
    await mailAccountLink(tx, mail, id, "invitation");
  });
}

/** A staff member's account and staff row, without a password yet: the one way staff are made. */
export async function createStaffAccount(tx: Tx, input: InviteUserInput): Promise<string> {
  const created = await createAccount(tx, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    roleId: input.roleId,
    passwordHash: null,
  });
  await tx.insert(kantienStaff).values({ id: created.id });
  return created.id;
}

/**
 * Sends a pending invitation again: a new link through the outbox, and every earlier
 * invitation link of the person stops working. Once the account is set up there is
 * nothing to resend (409).
 */
export async function resendInvitation(db: Db, id: string, mail: MailContext): Promise<void> {
  await db.transaction(async (tx) => {
    const person = await lockPerson(tx, id, STAFF_ROLES);
    if (person.passwordHash !== null) throw new AppError("invitation_not_pending");
    await consumeOpenTokens(tx, id, "invitation");
    await mailAccountLink(tx, mail, id, "invitation");
  });
}
