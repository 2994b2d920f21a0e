import type { AllergenWarning } from "./allergens";

/** What ordering a dish means for a customer: refused, asked to confirm, or free to go. */
export type AllergenVerdict = "blocked" | "confirm" | "none";

/** A dish that contains a severe allergen is refused; any other match needs an explicit yes. */
export function allergenVerdict(warnings: readonly AllergenWarning[]): AllergenVerdict {
  if (warnings.some((warning) => warning.severity === "severe" && warning.level === "contains"))
    return "blocked";
  return warnings.length > 0 ? "confirm" : "none";
}
