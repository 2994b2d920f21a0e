import type { AllergenWarning } from "./allergens";

/** What ordering a dish means for a customer: refused, asked to confirm, or free to go. */
export type AllergenVerdict = "blocked" | "confirm" | "none";

/**
 * A dish that contains a severe allergen is refused; any other match needs an explicit yes, and
 * so does an unchecked dish for a customer with any allergy (its warnings say `unchecked`).
 */
export function allergenVerdict(warnings: readonly AllergenWarning[]): AllergenVerdict {
  if (warnings.some((warning) => warning.severity === "severe" && warning.level === "contains"))
    return "blocked";
  return warnings.length > 0 ? "confirm" : "none";
}

/** Whether a warning is one to show in red: a severe allergy, whatever the dish's level. */
export function hasSevereWarning(warnings: readonly AllergenWarning[]): boolean {
  return warnings.some((warning) => warning.severity === "severe");
}

/** Whether the dish's declaration was never checked, for one of the customer's allergies. */
export function hasUncheckedWarning(warnings: readonly AllergenWarning[]): boolean {
  return warnings.some((warning) => warning.level === "unchecked");
}
