import { ROLE } from "@kantien/domain/roles";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";
import { conflict } from "../../errors";

/**
 * Refuses (409 last_admin) when `leavingId` is the only admin left; called by whoever
 * demotes or removes an admin, after locking that admin's row. The transaction first
 * takes one lock for all such changes, so two admins demoting or removing each other at
 * once take turns, and the second one counts after the first one's change is committed
 * (each statement reads what is committed). One lock, not every admin row: those are
 * already locked one by one by the callers, in any order, which could deadlock.
 */
export async function assertAdminRemains(tx: Tx, leavingId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kantien:last-admin'))`);
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, ROLE.kitchenAdmin), isNull(users.deletedAt), ne(users.id, leavingId)))
    .limit(1);
  if (!other) throw conflict("last_admin");
}
