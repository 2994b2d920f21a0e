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

/**
 * How a dish holds one of the customer's allergens: as it declares it, or `unchecked`: nobody
 * has checked the dish's declaration, so it is not known to be free of it.
 */
export const ALLERGEN_WARNING_LEVELS = [...ALLERGEN_LEVELS, "unchecked"] as const;
export type AllergenWarningLevel = (typeof ALLERGEN_WARNING_LEVELS)[number];

/** A dish that matches one of the customer's allergies, or may, as the menu marks it. */
export const allergenWarningSchema = z.object({
  code: allergenSchema,
  level: z.enum(ALLERGEN_WARNING_LEVELS),
  severity: z.enum(ALLERGY_SEVERITIES),
});
export type AllergenWarning = z.infer<typeof allergenWarningSchema>;

/**
 * The customer's allergies that a dish holds or may hold, in the list's order. A checked dish
 * warns by what it declares and is free of the rest. A dish whose declaration nobody has
 * checked is free of nothing: what it declares warns at its level, and every other allergy of
 * the customer warns as `unchecked`.
 */
export function allergenWarnings(
  declaration: AllergenDeclaration,
  allergies: Allergies,
  { checked }: { checked: boolean },
): AllergenWarning[] {
  const severityOf = new Map(allergies.map((allergy) => [allergy.code, allergy.severity]));
  return ALLERGENS.flatMap((code): AllergenWarning[] => {
    const severity = severityOf.get(code);
    if (!severity) return [];
    const declared = declaration.find((entry) => entry.code === code);
    if (declared) return [{ code, level: declared.level, severity }];
    return checked ? [] : [{ code, level: "unchecked", severity }];
  });
}

// What a match means for ordering (`allergenVerdict`) lives in allergen-verdict.ts, without zod:
// the ordering app's first load decides with it.

/**
 * What the kitchen sees of an order's match: the customer's allergens the dish declares
 * (`codes`), those an unchecked dish may hold (`unchecked`: not checked, never "free of"), which
 * of them the customer reacts to severely (`severeCodes`), and whether any does (`severe`).
 * Nothing else of the customer's profile.
 */
export const allergyAlertSchema = z
  .object({
    codes: z.array(allergenSchema),
    unchecked: z.array(allergenSchema),
    severeCodes: z.array(allergenSchema),
    severe: z.boolean(),
  })
  .refine((alert) => alert.codes.length + alert.unchecked.length > 0)
  .nullable();
export type AllergyAlert = z.infer<typeof allergyAlertSchema>;

/** The version of the consent text a customer agrees to before their allergies are stored. */
export const ALLERGY_CONSENT_VERSION = "2026-12-07";
