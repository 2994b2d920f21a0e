import {
  type StaffDetail,
  type StaffInput,
  type StaffRow,
  type StaffTab,
  staffRow,
} from "@kantien/domain/people";
import { isAdminRole, ROLE, STAFF_ROLES } from "@kantien/domain/roles";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { type Db, type Tx, timestampColumn } from "../../db/client";
import { authTokens, kantienStaff, users } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../errors";
import { issueToken } from "../auth/tokens";
import { enqueueAccountEmail } from "../email/account-emails";
import {
  countOrders,
  findPerson,
  hasBalance,
  listPeople,
  lockPerson,
  type PeopleList,
  type PeopleListParams,
  peopleConflict,
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
 * sessions read the role from the user row on every request.
 */
export async function updateStaff(db: Db, actorId: string, id: string, input: StaffInput): Promise<StaffRow> {
  return db
    .transaction(async (tx) => {
      const person = await lockPerson(tx, id, STAFF_ROLES);
      await assertStillAdmin(tx, actorId);
      if (person.roleId !== input.roleId) {
        if (id === actorId) throw forbidden("own_account");
        if (isAdminRole(person.roleId)) await assertAdminRemains(tx, id);
      }
      await updatePerson(tx, id, input);
      if (input.employeeNumber !== undefined) {
        const kantienEmployeeNumber = input.employeeNumber;
        await tx
          .insert(kantienStaff)
          .values({ id, kantienEmployeeNumber })
          .onConflictDoUpdate({ target: kantienStaff.id, set: { kantienEmployeeNumber } });
      }
      return (await findStaff(tx, id))!;
    })
    .catch((error) => {
      throw peopleConflict(error);
    });
}

/** Removes a staff member (decision 0010): never oneself, never the last admin. */
export async function deleteStaff(db: Db, actorId: string, id: string): Promise<{ anonymised: boolean }> {
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, id, STAFF_ROLES, "update");
    if (id === actorId) throw forbidden("own_account");
    await assertStillAdmin(tx, actorId);
    if (isAdminRole(person.roleId)) await assertAdminRemains(tx, id);
    return removePerson(tx, id);
  });
}

/**
 * Sends a pending invitation again: a new link through the outbox, and every earlier
 * invitation link of the person stops working. Once the account is set up there is
 * nothing to resend (409).
 */
export async function resendInvitation(
  db: Db,
  id: string,
  mail: { config: Config; log: FastifyBaseLogger },
): Promise<void> {
  await db.transaction(async (tx) => {
    const person = await lockPerson(tx, id, STAFF_ROLES);
    if (person.passwordHash !== null) throw conflict("invitation_not_pending");
    await tx
      .update(authTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(authTokens.userId, id), eq(authTokens.purpose, "invitation"), isNull(authTokens.usedAt)));
    const token = await issueToken(tx, id, "invitation");
    await enqueueAccountEmail(tx, mail, { kind: "invitation", userId: id, token });
  });
}
