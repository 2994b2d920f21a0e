import { z } from "zod";

/**
 * The 14 allergens every food business in the EU declares; they hold South Africa's 8 common
 * allergens of R146 (eggs, milk, crustaceans and molluscs, fish, peanuts, soybeans, tree nuts,
 * gluten). One list: the server's schemas and the database's `allergen` enum, the forms, the
 * labels and the API description all read it (docs/decisions/0041-allergens-from-dish-to-counter.md).
 */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** How a dish holds an allergen: as an ingredient, or by a risk of cross-contact. */
export const ALLERGEN_LEVELS = ["contains", "may_contain"] as const;
export type AllergenLevel = (typeof ALLERGEN_LEVELS)[number];

/** How a customer reacts: `severe` (anaphylaxis) blocks ordering a dish that contains it. */
export const ALLERGY_SEVERITIES = ["severe", "allergy", "intolerance"] as const;
export type AllergySeverity = (typeof ALLERGY_SEVERITIES)[number];

export const DIET_TAGS = ["vegetarian", "vegan", "halaal"] as const;
export type DietTag = (typeof DIET_TAGS)[number];

export const allergenSchema = z.enum(ALLERGENS);
export const dietTagSchema = z.enum(DIET_TAGS);

/** A list with each entry's code at most once. */
function uniqueByCode<T extends { code: Allergen }>(entries: T[]): boolean {
  return new Set(entries.map((entry) => entry.code)).size === entries.length;
}

/** What a dish declares: each allergen at most once. */
export const allergenDeclarationSchema = z
  .array(z.strictObject({ code: allergenSchema, level: z.enum(ALLERGEN_LEVELS) }))
  .max(ALLERGENS.length)
  .refine(uniqueByCode, { message: "Each allergen at most once" });
export type AllergenDeclaration = z.infer<typeof allergenDeclarationSchema>;

/** A dish's diet tags, each at most once. */
export const dietSchema = z
  .array(dietTagSchema)
  .max(DIET_TAGS.length)
  .refine((tags) => new Set(tags).size === tags.length, { message: "Each diet tag at most once" });

/** A customer's allergies: each allergen at most once, with how they react. */
export const allergiesSchema = z
  .array(z.strictObject({ code: allergenSchema, severity: z.enum(ALLERGY_SEVERITIES) }))
  .max(ALLERGENS.length)
  .refine(uniqueByCode, { message: "Each allergen at most once" });
export type Allergies = z.infer<typeof allergiesSchema>;

/** Who last confirmed a dish's declaration, and when; null until someone does. */
export const allergensCheckedSchema = z.object({ by: z.string(), at: z.string() }).nullable();

/** A dish that matches one of the customer's allergies, as the menu marks it. */
export const allergenWarningSchema = z.object({
  code: allergenSchema,
  level: z.enum(ALLERGEN_LEVELS),
  severity: z.enum(ALLERGY_SEVERITIES),
});
export type AllergenWarning = z.infer<typeof allergenWarningSchema>;

/**
 * The customer's allergies that a dish's declaration holds, in the list's order. A dish whose
 * declaration nobody has checked still warns by what it declares: it is never "free of"
 * anything, but what it says it contains is a warning all the same.
 */
export function allergenWarnings(declaration: AllergenDeclaration, allergies: Allergies): AllergenWarning[] {
  const severityOf = new Map(allergies.map((allergy) => [allergy.code, allergy.severity]));
  return ALLERGENS.flatMap((code) => {
    const declared = declaration.find((entry) => entry.code === code);
    const severity = severityOf.get(code);
    return declared && severity ? [{ code, level: declared.level, severity }] : [];
  });
}

// What a match means for ordering (`allergenVerdict`) lives in allergen-verdict.ts, without zod:
// the ordering app's first load decides with it.

/** What the kitchen sees of an order's match: only the matching codes, and whether one is severe. */
export const allergyAlertSchema = z
  .object({ codes: z.array(allergenSchema).min(1), severe: z.boolean() })
  .nullable();
export type AllergyAlert = z.infer<typeof allergyAlertSchema>;

/** The version of the consent text a customer agrees to before their allergies are stored. */
export const ALLERGY_CONSENT_VERSION = "2026-11-26";
