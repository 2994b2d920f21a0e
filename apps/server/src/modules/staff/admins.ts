import { ROLE } from "@kantien/domain/roles";
import { and, eq, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, forbidden } from "../../errors";

/** An admin who can act: not removed, and signed up (an invitation still open has no password). */
const signInAdmin: SQL = and(
  eq(users.roleId, ROLE.kitchenAdmin),
  isNull(users.deletedAt),
  isNotNull(users.passwordHash),
) as SQL;

/**
 * One lock for every change that could leave no admin: two admins demoting or removing
 * each other at once take turns, and the second one reads after the first one's change is
 * committed (each statement reads what is committed). One lock, not every admin row:
 * those are already locked one by one by the callers, in any order, which could deadlock.
 */
async function lockAdminChanges(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kantien:last-admin'))`);
}

/**
 * Refuses (409 last_admin) when `leavingId` is the only admin left who can sign in; called
 * by whoever demotes or removes an admin, after locking that admin's row.
 */
export async function assertAdminRemains(tx: Tx, leavingId: string): Promise<void> {
  await lockAdminChanges(tx);
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(signInAdmin, ne(users.id, leavingId)))
    .limit(1);
  if (!other) throw new AppError("last_admin");
}

/**
 * Refuses (403) a caller who is no admin any more: the route checked the role when the
 * request came in, but another admin may have demoted or removed the caller meanwhile.
 * Takes the lock first, so a change that was waiting for it is committed and seen here.
 */
export async function assertStillAdmin(tx: Tx, actorId: string): Promise<void> {
  await lockAdminChanges(tx);
  const [actor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(signInAdmin, eq(users.id, actorId)));
  if (!actor) throw forbidden();
}
