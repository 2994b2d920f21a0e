import { ALLERGY_CONSENT_VERSION, type Allergies, type DietTag } from "@kantien/domain/allergens";
import {
  type AllergyAccessEntry,
  allergyConsentRefusal,
  type CustomerAllergies,
  sortAllergies,
} from "@kantien/domain/dietary-profile";
import { desc, eq, sql } from "drizzle-orm";
import { type Db, type Tx, timestampColumn } from "../../db/client";
import { allergyAccessLog, customerAllergies, dietaryProfiles, users } from "../../db/schema";
import { AppError } from "../../errors";

/*
 * A customer's allergies, diet and consent (docs/decisions/0041-allergens-from-dish-to-counter.md):
 * the one place that reads and writes them, for the customer's profile and the admins' customer
 * detail, and the log of every admin who opened or changed them.
 */

/** The most access-log lines one answer carries: years of an admin opening them daily. */
const ACCESS_LOG_LIMIT = 5000;

/** The customer's allergies, diet and consent (with who recorded it; null for the customer themselves). */
export async function readAllergies(db: Db | Tx, userId: string): Promise<CustomerAllergies> {
  // One after the other: in a transaction (the customers' service) they share one connection,
  // which runs one query at a time.
  const [profile] = await db
    .select({
      diet: dietaryProfiles.diet,
      version: dietaryProfiles.allergyConsentVersion,
      at: dietaryProfiles.allergyConsentAt,
      recordedBy: sql<string | null>`(select u.first_name || ' ' || u.last_name from users u
        where u.id = ${dietaryProfiles.allergyConsentRecordedBy})`,
    })
    .from(dietaryProfiles)
    .where(eq(dietaryProfiles.userId, userId));
  const allergies = await db
    .select({ code: customerAllergies.code, severity: customerAllergies.severity })
    .from(customerAllergies)
    .where(eq(customerAllergies.userId, userId));
  return {
    allergies: sortAllergies(allergies),
    diet: profile?.diet ?? [],
    allergyConsent:
      profile?.version && profile.at
        ? {
            version: profile.version,
            at: timestampColumn.parse(profile.at),
            recordedBy: profile.recordedBy,
          }
        : null,
  };
}

export type AllergyChanges = {
  allergies?: Allergies | undefined;
  diet?: DietTag[] | undefined;
  allergyConsent?: boolean | undefined;
};

/**
 * Saves what `changes` names, inside the caller's transaction: `allergyConsent: true` stores the
 * consent text's version and `now` (recorded by `recordedBy`, an admin, or null for the customer;
 * given by `guardianId`, a learner's guardian, decision 0068),
 * `false` deletes the allergies and the consent. Allergies without consent are refused
 * (`consent_required`) before anything is written.
 */
export async function saveAllergies(
  tx: Tx,
  userId: string,
  changes: AllergyChanges,
  {
    now,
    recordedBy,
    guardianId = null,
  }: { now: Date; recordedBy: string | null; guardianId?: string | null },
): Promise<void> {
  const [current] = await tx
    .select({ version: dietaryProfiles.allergyConsentVersion })
    .from(dietaryProfiles)
    .where(eq(dietaryProfiles.userId, userId))
    .for("update");
  const refused = allergyConsentRefusal(changes, Boolean(current?.version));
  if (refused) throw new AppError(refused);
  if (changes.allergyConsent === undefined && changes.diet === undefined && changes.allergies === undefined) {
    return;
  }

  const consent =
    changes.allergyConsent === true
      ? {
          allergyConsentVersion: ALLERGY_CONSENT_VERSION,
          allergyConsentAt: now,
          allergyConsentRecordedBy: recordedBy,
          allergyConsentGuardianId: guardianId,
        }
      : changes.allergyConsent === false
        ? {
            allergyConsentVersion: null,
            allergyConsentAt: null,
            allergyConsentRecordedBy: null,
            allergyConsentGuardianId: null,
          }
        : {};
  const set = { ...consent, ...(changes.diet === undefined ? {} : { diet: changes.diet }) };
  if (Object.keys(set).length > 0) {
    await tx
      .insert(dietaryProfiles)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: dietaryProfiles.userId, set });
  }
  if (changes.allergyConsent === false || changes.allergies !== undefined) {
    await tx.delete(customerAllergies).where(eq(customerAllergies.userId, userId));
  }
  if (changes.allergies && changes.allergies.length > 0) {
    await tx.insert(customerAllergies).values(changes.allergies.map((allergy) => ({ userId, ...allergy })));
  }
}

/** Records that an admin opened (`view`) or changed (`edit`) a customer's allergies. */
export async function logAllergyAccess(
  tx: Db | Tx,
  entry: { userId: string; accessedBy: string; action: AllergyAccessEntry["action"]; at: Date },
): Promise<void> {
  await tx.insert(allergyAccessLog).values({
    userId: entry.userId,
    accessedBy: entry.accessedBy,
    action: entry.action,
    accessedAt: entry.at,
  });
}

/** Who opened or changed the customer's allergies, newest first (the log's index). */
export async function allergyAccessEntries(db: Db | Tx, userId: string): Promise<AllergyAccessEntry[]> {
  const rows = await db
    .select({
      at: allergyAccessLog.accessedAt,
      action: allergyAccessLog.action,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(allergyAccessLog)
    .leftJoin(users, eq(users.id, allergyAccessLog.accessedBy))
    .where(eq(allergyAccessLog.userId, userId))
    .orderBy(desc(allergyAccessLog.accessedAt), desc(allergyAccessLog.id))
    .limit(ACCESS_LOG_LIMIT);
  return rows.map((row) => ({
    at: timestampColumn.parse(row.at),
    action: row.action === "edit" ? "edit" : "view",
    by: row.firstName === null ? null : `${row.firstName} ${row.lastName}`,
  }));
}
