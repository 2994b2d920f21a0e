import type { IsoDate } from "@kantien/domain/dates";
import { type GuardianConsentState, isAdult, type LearnerAllergies } from "@kantien/domain/guardians";
import { ROLE } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { AppError } from "../../errors";
import { readAllergies, saveAllergies } from "../customers/allergies";

/*
 * Consent to a child's allergies (docs/decisions/0068-who-eats-and-who-pays.md): a learner under
 * 18 (or of unknown age) cannot consent for themselves. Their own record stands, flagged, while
 * no guardian is linked (the kitchen keeps seeing it: safety first); once one is, the guardian
 * keeps it and the learner's own changes are refused.
 */

const consentRow = z.object({
  roleId: z.number(),
  dateOfBirth: z.string().nullable(),
  consented: z.boolean(),
  competent: z.boolean(),
  guarded: z.boolean(),
});

async function consentFacts(db: Db | Tx, userId: string) {
  const [row] = await queryRows(
    db,
    sql`select u.role_id as "roleId", c.date_of_birth::text as "dateOfBirth",
          d.allergy_consent_version is not null as consented,
          (d.allergy_consent_guardian_id is not null or d.allergy_consent_recorded_by is not null) as competent,
          exists (select 1 from guardian_links gl where gl.learner_id = u.id and gl.status = 'active') as guarded
        from users u
        left join clients c on c.user_id = u.id
        left join dietary_profiles d on d.user_id = u.id
        where u.id = ${userId}`,
    consentRow.nullable(),
  );
  return row ?? null;
}

/** Whether the customer is a learner under 18 (or of unknown age): a child, for consent. */
function isChild(facts: z.infer<typeof consentRow>, today: IsoDate): boolean {
  return facts.roleId === ROLE.student && !isAdult(facts.dateOfBirth, today);
}

/** Whose consent holds the customer's allergies, and whether a guardian keeps them. */
export async function guardianConsentOf(
  db: Db | Tx,
  userId: string,
  today: IsoDate,
): Promise<{ state: GuardianConsentState; managedByGuardian: boolean }> {
  const facts = await consentFacts(db, userId);
  if (!facts) return { state: "none", managedByGuardian: false };
  const child = isChild(facts, today);
  const state = !facts.consented ? "none" : child && !facts.competent ? "needed" : "given";
  return { state, managedByGuardian: child && facts.guarded };
}

/** Refuses a child's own change of their allergies, diet or consent once a guardian keeps them. */
export async function assertMayKeepOwnAllergies(tx: Tx, userId: string, today: IsoDate): Promise<void> {
  if ((await guardianConsentOf(tx, userId, today)).managedByGuardian) {
    throw new AppError("guardian_consent_required");
  }
}

/** A learner's allergies, diet and whose consent holds them, as their guardian sees them. */
export async function learnerAllergiesOf(
  db: Db | Tx,
  learnerId: string,
  today: IsoDate,
): Promise<LearnerAllergies> {
  const { allergies, diet } = await readAllergies(db, learnerId);
  return { allergies, diet, allergyConsent: (await guardianConsentOf(db, learnerId, today)).state };
}

/**
 * A guardian records the learner's allergies and diet with their consent, as the competent person
 * (`allergyConsent: false` withdraws it: the allergies go).
 */
export async function saveLearnerAllergies(
  db: Db,
  {
    learnerId,
    guardianId,
    changes,
    now,
    today,
  }: {
    learnerId: string;
    guardianId: string;
    changes: {
      allergies: LearnerAllergies["allergies"];
      diet?: LearnerAllergies["diet"] | undefined;
      allergyConsent: boolean;
    };
    now: Date;
    today: IsoDate;
  },
): Promise<LearnerAllergies> {
  await db.transaction((tx) => saveAllergies(tx, learnerId, changes, { now, recordedBy: null, guardianId }));
  return learnerAllergiesOf(db, learnerId, today);
}
