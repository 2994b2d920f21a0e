import { z } from "zod";
import { ALLERGENS, type Allergies, allergiesSchema, dietSchema } from "./allergens";
import { timestamp } from "./api";

/*
 * A customer's allergies and diet, and the consent their allergies are kept under
 * (docs/decisions/0041-allergens-from-dish-to-counter.md): what the customer's profile and the
 * admins' customer detail take and answer, and the one consent rule both doors apply.
 */

/** The consent as the customer sees it on their profile: the text's version and when; null without. */
export const allergyConsentSchema = z.object({ version: z.string(), at: timestamp }).nullable();
export type AllergyConsent = z.infer<typeof allergyConsentSchema>;

/** The consent with who recorded it: null when the customer gave it themselves. */
export const allergyConsentRecordSchema = z
  .object({ version: z.string(), at: timestamp, recordedBy: z.string().nullable() })
  .nullable();

/**
 * What a save may change: allergies and diet (left out, they stay), and the consent: `true`
 * gives it now, `false` withdraws it and deletes the allergies at once.
 */
export const allergyChanges = {
  allergies: allergiesSchema.optional(),
  diet: dietSchema.optional(),
  allergyConsent: z.boolean().optional(),
};

/**
 * Allergies are kept only with consent: a save that leaves allergies without consent (given
 * now, or before and not withdrawn) is refused. The server decides; the forms mirror it.
 */
export function allergyConsentRefusal(
  changes: { allergies?: Allergies | undefined; allergyConsent?: boolean | undefined },
  consentedBefore: boolean,
): "consent_required" | null {
  const consented = changes.allergyConsent ?? consentedBefore;
  return changes.allergies && changes.allergies.length > 0 && !consented ? "consent_required" : null;
}

/** Allergies in the list's order, so every answer lists them the same way. */
export function sortAllergies(allergies: Allergies): Allergies {
  return [...allergies].sort((a, b) => ALLERGENS.indexOf(a.code) - ALLERGENS.indexOf(b.code));
}

/** One time an admin opened or changed a customer's allergies. */
export const allergyAccessEntrySchema = z.object({
  at: timestamp,
  action: z.enum(["view", "edit"]),
  /** The admin's name; null once that account is gone. */
  by: z.string().nullable(),
});
export type AllergyAccessEntry = z.infer<typeof allergyAccessEntrySchema>;

/** `GET /api/customers/:id/allergies` (admins; each call is logged): the customer's allergies, diet and consent. */
export const customerAllergiesSchema = z.object({
  allergies: allergiesSchema,
  diet: dietSchema,
  allergyConsent: allergyConsentRecordSchema,
});
export type CustomerAllergies = z.infer<typeof customerAllergiesSchema>;
/**
 * A customer's allergies as an admin reads and saves them: with the person's version, raised by
 * every edit of the person, which a save sends back as If-Match (decision 0057).
 */
export const customerAllergiesRecord = customerAllergiesSchema.extend({ version: z.number().int() });
export type CustomerAllergiesRecord = z.infer<typeof customerAllergiesRecord>;
export const customerAllergiesAnswer = z.object({ success: z.literal(true), data: customerAllergiesRecord });
export const customerAllergiesSavedAnswer = customerAllergiesAnswer.extend({ message: z.string() });

/**
 * `PUT /api/customers/:id/allergies`: an admin enters what a customer (or their parent) said on
 * the phone; `allergyConsent: true` records the consent as given to that admin.
 */
export const customerAllergiesInput = z.strictObject({
  allergies: allergiesSchema,
  diet: dietSchema,
  allergyConsent: z.boolean().optional(),
});
export type CustomerAllergiesInput = z.infer<typeof customerAllergiesInput>;
