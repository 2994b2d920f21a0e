import type { Allergen, AllergyAlert } from "@kantien/domain/allergens";
import type { TFunction } from "i18next";

/** Allergens' names as a sentence lists them ("grondboontjies, melk"): `allergenList` in the chosen language. */
export type AllergenNames = (codes: readonly Allergen[]) => string;

/**
 * An order's allergy alert in words, as the board, the counter, the labels and the orders
 * screen show it: "Ernstige allergie: grondboontjies · Allergene nie nagegaan nie: melk". What
 * the dish declares and what nobody checked are said apart: "not checked" never reads as
 * "contains", nor as "free of". Without the names (the board's first moment) it says "Allergie".
 * It imports no allergen texts, so the board's first load can use it.
 */
export function allergyAlertWords(
  alert: NonNullable<AllergyAlert>,
  t: TFunction,
  names: AllergenNames | null,
) {
  if (!names) return t("screens.kitchen.allergyUnnamed");
  // Each list says "Ernstige allergie" only when one of its own allergens is severe.
  const severe = new Set(alert.severeCodes);
  const declared =
    alert.codes.length === 0
      ? []
      : [
          t(
            alert.codes.some((code) => severe.has(code))
              ? "screens.kitchen.allergySevere"
              : "screens.kitchen.allergy",
            {
              allergens: names(alert.codes),
            },
          ),
        ];
  const uncheckedKey = alert.unchecked.some((code) => severe.has(code))
    ? "screens.kitchen.allergyUncheckedSevere"
    : "screens.kitchen.allergyUnchecked";
  const unchecked =
    alert.unchecked.length === 0 ? [] : [t(uncheckedKey, { allergens: names(alert.unchecked) })];
  return [...declared, ...unchecked].join(" · ");
}
