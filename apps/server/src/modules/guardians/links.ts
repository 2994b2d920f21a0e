import { randomInt } from "node:crypto";
import type { IsoDate } from "@kantien/domain/dates";
import {
  formatLinkCode,
  GUARDIAN_LINK_STATUSES,
  type LearnerGuardian,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  type MyLearner,
} from "@kantien/domain/guardians";
import { ROLE } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { guardianLinkChanges, guardianLinks } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import { getBankDetails } from "../canteen/bank-details";
import { lockPerson, promoteNextPrimary } from "../people/people";
import { consentFactColumns, consentFacts, consentOf } from "./consent";
import { askGuardianForConsent, type ConsentAsk } from "./consent-mail";
import { limitsColumns, toLimits } from "./limits";

/* Who may act for a learner (decision 0068): links by code or by academy number, their approval and removal, each recorded. */

type Change = (typeof guardianLinkChanges.$inferInsert)["change"];

async function record(tx: Tx, guardianId: string, learnerId: string, change: Change, by: string) {
  await tx.insert(guardianLinkChanges).values({ guardianId, learnerId, change, changedBy: by });
}

const myLearnerRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  akdNumber: z.string().nullable(),
  status: z.enum(GUARDIAN_LINK_STATUSES),
  primary: z.boolean(),
  balance: z.string(),
  paymentReference: z.string(),
  ...limitsColumns.shape,
  ...consentFacts.shape,
});

/**
 * The learners a guardian is linked to, by name. A pending link shows only the academy number the
 * guardian gave: no name, balance or limits until it is approved.
 */
export async function listMyLearners(
  db: Db | Tx,
  guardianId: string,
  today: IsoDate,
  learnerId?: string,
): Promise<MyLearner[]> {
  const rows = await queryRows(
    db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", c.akd_number as "akdNumber",
          gl.status, gl.is_primary as primary, w.balance::text as balance,
          w.payment_reference as "paymentReference",
          l.daily_limit::text as "dailyLimit", l.weekly_limit::text as "weeklyLimit",
          coalesce(l.blocked_food_item_ids::text[], '{}') as "blockedFoodItemIds",
          coalesce(l.blocked_allergens::text[], '{}') as "blockedAllergens", ${consentFactColumns}
        from guardian_links gl
        join users u on u.id = gl.learner_id and u.deleted_at is null
        join wallets w on w.user_id = u.id
        left join clients c on c.user_id = u.id
        left join learner_limits l on l.learner_id = u.id
        where gl.guardian_id = ${guardianId} ${learnerId ? sql`and gl.learner_id = ${learnerId}` : sql``}
        order by gl.status, u.first_name, u.last_name, u.id`,
    myLearnerRow,
  );
  return rows.map((row) => toMyLearner(row, today));
}

function toMyLearner(row: z.infer<typeof myLearnerRow>, today: IsoDate): MyLearner {
  if (row.status === "pending") {
    return {
      id: row.id,
      firstName: "",
      lastName: "",
      akdNumber: row.akdNumber,
      status: row.status,
      primary: false,
      balance: null,
      paymentReference: null,
      limits: null,
      allergyConsent: null,
    };
  }
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    akdNumber: row.akdNumber,
    status: row.status,
    primary: row.primary,
    balance: row.balance,
    paymentReference: row.paymentReference,
    limits: toLimits(row),
    allergyConsent: consentOf(row, today).state,
  };
}

/** Who may hold links: guardians, and academy staff whose child is at the school. Learners may not. */
export function mayHoldLinks(roleId: number): boolean {
  return roleId === ROLE.guardian || roleId === ROLE.academyStaff;
}

function assertMayHoldLinks(roleId: number) {
  if (!mayHoldLinks(roleId)) throw forbidden();
}

/**
 * Locks the learner for the change of their links, so two guardians linking at once cannot both
 * become primary. Not found unless a learner (role 1) not removed.
 */
export async function lockLearner(tx: Tx, learnerId: string) {
  await lockPerson(tx, learnerId, [ROLE.student]);
}

async function hasPrimary(tx: Tx, learnerId: string): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 as one from guardian_links where learner_id = ${learnerId} and is_primary`,
    z.object({ one: z.number() }),
  );
  return rows.length > 0;
}

/**
 * Makes (or turns a pending one into) an active link, on the record: the learner's first guardian
 * is primary. The caller holds the learner's lock.
 */
export async function activateLink(
  tx: Tx,
  { guardianId, learnerId, by, ask }: { guardianId: string; learnerId: string; by: string; ask: ConsentAsk },
) {
  const primary = !(await hasPrimary(tx, learnerId));
  await tx
    .insert(guardianLinks)
    .values({ guardianId, learnerId, status: "active", isPrimary: primary, createdBy: by })
    .onConflictDoUpdate({
      target: [guardianLinks.guardianId, guardianLinks.learnerId],
      set: { status: "active", isPrimary: primary },
    });
  await record(tx, guardianId, learnerId, "linked", by);
  await askGuardianForConsent(tx, ask, { guardianId, learnerId });
}

/** Links by the code the school gave: active at once; the learner's first guardian is primary. */
export async function linkByCode(
  db: Db,
  guardian: { id: string; roleId: number },
  linkCode: string,
  ask: ConsentAsk,
): Promise<MyLearner> {
  assertMayHoldLinks(guardian.roleId);
  return db.transaction(async (tx) => {
    const [found] = await queryRows(
      tx,
      sql`select c.user_id as id from clients c join users u on u.id = c.user_id
          where c.link_code = ${linkCode} and u.role_id = ${ROLE.student} and u.deleted_at is null`,
      z.object({ id: z.string() }),
    );
    if (!found) throw new AppError("link_code_unknown");
    await lockLearner(tx, found.id);
    const [existing] = await queryRows(
      tx,
      sql`select status from guardian_links where guardian_id = ${guardian.id} and learner_id = ${found.id}`,
      z.object({ status: z.enum(GUARDIAN_LINK_STATUSES) }),
    );
    if (existing?.status === "active") throw new AppError("learner_already_linked");
    await activateLink(tx, { guardianId: guardian.id, learnerId: found.id, by: guardian.id, ask });
    const [learner] = await listMyLearners(tx, guardian.id, ask.today, found.id);
    return learner!;
  });
}

/**
 * Asks to be linked by the learner's academy number and date of birth: a pending link that an
 * admin or the learner's primary guardian approves. A pair that matches no learner changes nothing
 * and answers the same.
 */
export async function requestLinkByAcademyNumber(
  db: Db,
  guardian: { id: string; roleId: number },
  { akdNumber, dateOfBirth }: { akdNumber: string; dateOfBirth: string },
): Promise<void> {
  assertMayHoldLinks(guardian.roleId);
  await db.transaction(async (tx) => {
    const [found] = await queryRows(
      tx,
      sql`select c.user_id as id from clients c join users u on u.id = c.user_id
          where lower(c.akd_number) = lower(${akdNumber}) and c.date_of_birth = ${dateOfBirth}::date
            and u.role_id = ${ROLE.student} and u.deleted_at is null`,
      z.object({ id: z.string() }),
    );
    if (!found) return;
    await lockLearner(tx, found.id);
    const inserted = await tx
      .insert(guardianLinks)
      .values({ guardianId: guardian.id, learnerId: found.id, status: "pending", createdBy: guardian.id })
      .onConflictDoNothing()
      .returning({ learnerId: guardianLinks.learnerId });
    if (inserted.length > 0) await record(tx, guardian.id, found.id, "requested", guardian.id);
  });
}

/** Whether the actor may approve or remove another's link to the learner: an admin, or its primary guardian. */
export async function assertMayManage(tx: Tx, learnerId: string, actor: { id: string; isAdmin: boolean }) {
  if (actor.isAdmin) return;
  const rows = await queryRows(
    tx,
    sql`select 1 as one from guardian_links
        where learner_id = ${learnerId} and guardian_id = ${actor.id} and status = 'active' and is_primary`,
    z.object({ one: z.number() }),
  );
  if (rows.length === 0) throw new AppError("not_primary_guardian");
}

/** Approves a pending link; the learner's first active guardian becomes primary. */
export async function approveLink(
  db: Db,
  {
    learnerId,
    guardianId,
    actor,
    ask,
  }: { learnerId: string; guardianId: string; actor: { id: string; isAdmin: boolean }; ask: ConsentAsk },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLearner(tx, learnerId);
    await assertMayManage(tx, learnerId, actor);
    const primary = !(await hasPrimary(tx, learnerId));
    const updated = await queryRows(
      tx,
      sql`update guardian_links set status = 'active', is_primary = ${primary}
          where learner_id = ${learnerId} and guardian_id = ${guardianId} and status = 'pending'
          returning guardian_id as "guardianId"`,
      z.object({ guardianId: z.string() }),
    );
    if (updated.length === 0) throw notFound();
    await record(tx, guardianId, learnerId, "approved", actor.id);
    await askGuardianForConsent(tx, ask, { guardianId, learnerId });
  });
}

/**
 * Ends a link (or refuses a pending one): an admin, the learner's primary guardian, or the guardian
 * themselves. When the primary leaves, the longest-linked active guardian becomes primary.
 */
export async function removeLink(
  db: Db,
  {
    learnerId,
    guardianId,
    actor,
  }: { learnerId: string; guardianId: string; actor: { id: string; isAdmin: boolean } },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockLearner(tx, learnerId);
    if (actor.id !== guardianId) await assertMayManage(tx, learnerId, actor);
    const removed = await queryRows(
      tx,
      sql`delete from guardian_links where learner_id = ${learnerId} and guardian_id = ${guardianId}
          returning is_primary as primary`,
      z.object({ primary: z.boolean() }),
    );
    if (removed.length === 0) throw notFound();
    if (removed[0]?.primary) await promoteNextPrimary(tx, learnerId);
    await record(tx, guardianId, learnerId, "removed", actor.id);
  });
}

const guardianRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(GUARDIAN_LINK_STATUSES),
  primary: z.boolean(),
  linkedAt: timestampColumn,
});

/** A learner's guardians, active and pending, for the back office and the primary guardian. */
export async function learnerGuardians(db: Db | Tx, learnerId: string): Promise<LearnerGuardian[]> {
  const rows = await queryRows(
    db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, gl.status,
          gl.is_primary as primary, gl.created_at as "linkedAt"
        from guardian_links gl join users u on u.id = gl.guardian_id and u.deleted_at is null
        where gl.learner_id = ${learnerId}
        order by gl.is_primary desc, gl.status, gl.created_at, u.id`,
    guardianRow,
  );
  return rows;
}

function newLinkCode(): string {
  let code = "";
  for (let i = 0; i < LINK_CODE_LENGTH; i += 1)
    code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

/**
 * A learner's link code, printed as ABCD-EFGH; made the first time it is asked for, and made anew
 * on `renew` (the old one stops working at once).
 */
export async function linkCodeOf(db: Db, learnerId: string, { renew }: { renew: boolean }): Promise<string> {
  return db.transaction(async (tx) => {
    await lockLearner(tx, learnerId);
    const [current] = await queryRows(
      tx,
      sql`select link_code as "linkCode" from clients where user_id = ${learnerId}`,
      z.object({ linkCode: z.string().nullable() }),
    );
    // The code is kept on the learner's academy record.
    if (!current) throw new AppError("link_code_needs_academy_number");
    if (current.linkCode && !renew) return formatLinkCode(current.linkCode);
    // 32⁸ codes: a clash is all but impossible, and the unique index would refuse it.
    const code = newLinkCode();
    await tx.execute(sql`update clients set link_code = ${code} where user_id = ${learnerId}`);
    return formatLinkCode(code);
  });
}

/** What the printed letter to a learner's guardians says (the code made if the learner has none yet). */
export async function linkLetterOf(db: Db, learnerId: string) {
  const linkCode = await linkCodeOf(db, learnerId, { renew: false });
  const [learner] = await queryRows(
    db,
    sql`select u.first_name as "firstName", u.last_name as "lastName", c.grade,
               w.payment_reference as "paymentReference"
        from users u join clients c on c.user_id = u.id join wallets w on w.user_id = u.id
        where u.id = ${learnerId}`,
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      grade: z.string().nullable(),
      paymentReference: z.string(),
    }),
  );
  if (!learner) throw notFound();
  return { ...learner, linkCode, bank: await getBankDetails(db) };
}
