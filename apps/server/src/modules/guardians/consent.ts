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

/** What whose consent holds a customer's allergies rests on, as `consentFactColumns` reads it. */
export const consentFacts = z.object({
  roleId: z.number(),
  dateOfBirth: z.string().nullable(),
  consented: z.boolean(),
  competent: z.boolean(),
  guarded: z.boolean(),
});
type ConsentFacts = z.infer<typeof consentFacts>;

/** The consent facts as columns of a query over `users u` with `clients c` left joined. */
export const consentFactColumns = sql`u.role_id as "roleId", c.date_of_birth::text as "dateOfBirth",
  exists (select 1 from dietary_profiles d where d.user_id = u.id and d.allergy_consent_version is not null) as consented,
  exists (select 1 from dietary_profiles d where d.user_id = u.id
          and (d.allergy_consent_guardian_id is not null or d.allergy_consent_recorded_by is not null)) as competent,
  exists (select 1 from guardian_links gl where gl.learner_id = u.id and gl.status = 'active') as guarded`;

export type GuardianConsent = { state: GuardianConsentState; managedByGuardian: boolean };

/**
 * Whose consent holds the customer's allergies, and whether a guardian keeps them: a child is a
 * learner under 18 (or of unknown age).
 */
export function consentOf(facts: ConsentFacts, today: IsoDate): GuardianConsent {
  const child = facts.roleId === ROLE.student && !isAdult(facts.dateOfBirth, today);
  const state = !facts.consented ? "none" : child && !facts.competent ? "needed" : "given";
  return { state, managedByGuardian: child && facts.guarded };
}

export async function guardianConsentOf(
  db: Db | Tx,
  userId: string,
  today: IsoDate,
): Promise<GuardianConsent> {
  const [facts] = await queryRows(
    db,
    sql`select ${consentFactColumns} from users u left join clients c on c.user_id = u.id where u.id = ${userId}`,
    consentFacts,
  );
  return facts ? consentOf(facts, today) : { state: "none", managedByGuardian: false };
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
