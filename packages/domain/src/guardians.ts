import { z } from "zod";
import { ALLERGENS, allergiesSchema, dietSchema } from "./allergens";
import { dataAnswer, pageAnswer, randText } from "./api";
import { bankDetailsSchema } from "./canteen";
import { DATE_MAX, DATE_MIN, type IsoDate, isIsoDate } from "./dates";
import { randAmount } from "./money-input";
import { text } from "./text";

/* Learners and the guardians who act for them (decision 0068): what `/api/my/learners*` takes and answers. */

export const GUARDIAN_LINK_STATUSES = ["active", "pending"] as const;
export type GuardianLinkStatus = (typeof GUARDIAN_LINK_STATUSES)[number];
/** What `guardian_link_changes` records. */
export const GUARDIAN_LINK_CHANGES = ["linked", "requested", "approved", "removed"] as const;

/**
 * A learner's link code: 8 letters and digits people cannot mistake for each other (no 0/O, 1/I/L),
 * printed as `ABCD-EFGH`. 32⁸ codes: guessing one is hopeless.
 */
export const LINK_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const LINK_CODE_LENGTH = 8;

/** A code as typed ("abcd efgh", "ABCD-EFGH") in the form it is kept: upper case, no separators. */
export function normalizeLinkCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

export function formatLinkCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const linkCodeInput = text()
  .max(20)
  .transform(normalizeLinkCode)
  .pipe(z.string().regex(new RegExp(`^[${LINK_CODE_ALPHABET}]{${LINK_CODE_LENGTH}}$`), "link_code_invalid"));

const birthDate = z
  .string()
  .refine((value) => isIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX, "invalid_date");

/**
 * `POST /api/my/learners`: by the code the school gave (linked at once), or by the learner's
 * academy number and date of birth (waits for an admin or the primary guardian).
 */
export const linkLearnerInput = z.union([
  z.strictObject({ linkCode: linkCodeInput }),
  z.strictObject({ akdNumber: text().trim().min(1).max(30), dateOfBirth: birthDate }),
]);
export type LinkLearnerInput = z.input<typeof linkLearnerInput>;

/** From this age a learner's own consent counts (POPIA: under 18 is a child). */
export const ADULT_AGE = 18;

/** Whether a learner born on `dateOfBirth` is 18 on `today`; an unknown date of birth is a child's. */
export function isAdult(dateOfBirth: string | null, today: IsoDate): boolean {
  if (dateOfBirth === null) return false;
  const [year, rest] = [Number(dateOfBirth.slice(0, 4)), dateOfBirth.slice(4)];
  return `${year + ADULT_AGE}${rest}` <= today;
}

/**
 * Whose consent holds a customer's allergies: `given` by a competent person (an adult for
 * themselves, a guardian, or an admin who recorded it), `needed` while a child's own consent
 * holds them (the kitchen still sees them: safety first; their guardians are asked), `none`
 * while nothing is held.
 */
export const GUARDIAN_CONSENT_STATES = ["given", "needed", "none"] as const;
export type GuardianConsentState = (typeof GUARDIAN_CONSENT_STATES)[number];

/** The most a guardian may allow in a day or a week: a sanity bound, not a rule of the canteen. */
export const LIMIT_MAX = 100_000;
const limitAmount = z.union([randAmount(LIMIT_MAX, "limit_invalid"), z.null()]);

/** `PUT /api/my/learners/:learnerId/limits`: null is no limit. */
export const learnerLimitsInput = z.strictObject({
  dailyLimit: limitAmount,
  weeklyLimit: limitAmount,
  blockedFoodItemIds: z.array(z.uuid()).max(100),
  blockedAllergens: z.array(z.enum(ALLERGENS)).max(ALLERGENS.length),
});
export type LearnerLimitsInput = z.input<typeof learnerLimitsInput>;

export const learnerLimits = z.object({
  dailyLimit: randText.nullable(),
  weeklyLimit: randText.nullable(),
  blockedFoodItemIds: z.array(z.string()),
  blockedAllergens: z.array(z.enum(ALLERGENS)),
});
export type LearnerLimits = z.infer<typeof learnerLimits>;

export const NO_LIMITS: LearnerLimits = {
  dailyLimit: null,
  weeklyLimit: null,
  blockedFoodItemIds: [],
  blockedAllergens: [],
};

/** One learner a guardian is linked to, as `GET /api/my/learners` lists them. */
export const myLearner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  akdNumber: z.string().nullable(),
  status: z.enum(GUARDIAN_LINK_STATUSES),
  primary: z.boolean(),
  /** Null while the link is pending: nothing of the learner but the academy number shows until it is approved. */
  balance: randText.nullable(),
  paymentReference: z.string().nullable(),
  limits: learnerLimits.nullable(),
  /** Whether the learner's allergies wait for a guardian's consent (null while pending). */
  allergyConsent: z.enum(GUARDIAN_CONSENT_STATES).nullable(),
});
export type MyLearner = z.infer<typeof myLearner>;

export const myLearnersAnswer = dataAnswer(z.array(myLearner));
export const myLearnerLinkedAnswer = dataAnswer(myLearner).extend({ message: z.string() });
export const learnerLimitsAnswer = dataAnswer(learnerLimits).extend({ message: z.string().optional() });

/** `PUT /api/my/learners/:learnerId/allergies`: a guardian records them, consenting as the competent person. */
export const learnerAllergiesInput = z.strictObject({
  allergies: allergiesSchema,
  diet: dietSchema.optional(),
  /** Must be true while allergies are kept: the guardian's consent; false withdraws it and deletes them. */
  allergyConsent: z.boolean(),
});
export type LearnerAllergiesInput = z.input<typeof learnerAllergiesInput>;

export const learnerAllergies = z.object({
  allergies: allergiesSchema,
  diet: dietSchema,
  allergyConsent: z.enum(GUARDIAN_CONSENT_STATES),
});
export type LearnerAllergies = z.infer<typeof learnerAllergies>;
export const learnerAllergiesAnswer = dataAnswer(learnerAllergies).extend({ message: z.string().optional() });

/** `POST /api/my/transfers`: money from one of a guardian's learners to another, under an Idempotency-Key. */
export const TRANSFER_MAX = 10_000;
/** Two different learners, which the server checks with their links (`transfer_same_learner`). */
export const learnerTransferInput = z.strictObject({
  fromLearnerId: z.uuid(),
  toLearnerId: z.uuid(),
  amount: randAmount(TRANSFER_MAX, "transfer_amount_invalid"),
});
export type LearnerTransferInput = z.input<typeof learnerTransferInput>;
export const learnerTransferAnswer = dataAnswer(
  z.object({ fromBalance: randText, toBalance: randText }),
).extend({ message: z.string() });

/** `GET /api/customers/:id/link-code` (admins): the code to give the learner's guardians. */
export const linkCodeAnswer = dataAnswer(z.object({ linkCode: z.string() }));

/**
 * `GET /api/customers/:id/link-letter` (admins): what the printed letter to a learner's guardians
 * says: the learner, the link code, and how to pay in by EFT (the canteen's account, null until an
 * admin saved it, and the learner's payment reference).
 */
export const linkLetterAnswer = dataAnswer(
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    grade: z.string().nullable(),
    linkCode: z.string(),
    paymentReference: z.string(),
    bank: bankDetailsSchema.nullable(),
  }),
);

/** A learner's guardian, as the back office's customer detail lists them. */
export const learnerGuardian = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(GUARDIAN_LINK_STATUSES),
  primary: z.boolean(),
  linkedAt: z.string(),
});
export type LearnerGuardian = z.infer<typeof learnerGuardian>;
export const learnerGuardiansAnswer = dataAnswer(z.array(learnerGuardian));

/**
 * What is left of a limit after what is already spent: "0.00" when nothing is. Amounts as the
 * API writes them (rand with 2 decimals); compared in cents so no float rounding decides.
 */
export function limitLeft(limit: string, spent: string): string {
  const cents = Math.round(Number(limit) * 100) - Math.round(Number(spent) * 100);
  return (Math.max(0, cents) / 100).toFixed(2);
}

/** Whether an order of `total` fits what is left of `limit` (null: no limit). */
export function fitsLimit(limit: string | null, spent: string, total: string): boolean {
  if (limit === null) return true;
  return Math.round(Number(total) * 100) <= Math.round(Number(limitLeft(limit, spent)) * 100);
}

/**
 * A person the back office names in a choice: a sibling to move a leaving learner's balance to,
 * or who to pay it back to.
 */
const namedPerson = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/**
 * `GET /api/customers/:id/leave` (admins): where a leaving learner's balance may go. Siblings are
 * the learners who share an active guardian with this one; payees are the active guardians, and
 * the learner themselves when they pay for themselves (no guardian), whoever paid most recently
 * first (`lastPaidAt`: their latest payment into this wallet).
 */
export const learnerLeaveOptions = z.object({
  balance: randText,
  siblings: z.array(namedPerson),
  payees: z.array(namedPerson.extend({ guardian: z.boolean(), lastPaidAt: z.string().nullable() })),
});
export type LearnerLeaveOptions = z.infer<typeof learnerLeaveOptions>;
export const learnerLeaveOptionsAnswer = dataAnswer(learnerLeaveOptions);

/** The reference of the bank transfer the bursar makes to pay a balance back. */
const bankReference = text().trim().min(1, "bank_reference_required").max(100);

/**
 * `POST /api/customers/:id/leave` (admins): the learner leaves the school. A balance moves to a
 * sibling (`toLearnerId`), or is paid back to a guardian (`refundToGuardianId`) or to the learner
 * who paid for themselves (`refundToLearner`) with the bank transfer's reference; a learner with
 * nothing in the wallet leaves with `{}`.
 */
export const learnerLeaveInput = z.union([
  z.strictObject({ toLearnerId: z.uuid() }),
  z.strictObject({ refundToGuardianId: z.uuid(), bankReference }),
  z.strictObject({ refundToLearner: z.literal(true), bankReference }),
  z.strictObject({}),
]);
export type LearnerLeaveInput = z.input<typeof learnerLeaveInput>;
export const learnerLeftAnswer = dataAnswer(
  z.object({ moved: randText, to: z.enum(["sibling", "payout", "nowhere"]) }),
).extend({ message: z.string() });

/**
 * `GET /api/guardians?q&limit&offset` (admins, the "Ouers en voogde" tab of /users): the guardians
 * with their learners, searched by either side (a guardian's name or address, a learner's name or
 * academy number).
 */
export const guardianRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** False until the invited guardian has chosen a password. */
  signedUp: z.boolean(),
  learners: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      status: z.enum(GUARDIAN_LINK_STATUSES),
      primary: z.boolean(),
    }),
  ),
});
export type GuardianRow = z.infer<typeof guardianRow>;
export const guardiansPageAnswer = pageAnswer(guardianRow);
