import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { Language } from "@kantien/domain/language";
import { useEffect, useState } from "react";
import type { AllergenNames } from "../../../lib/allergy-alert-words";

/**
 * The allergens' names for the board's alerts, loaded only once an order carries one: the
 * allergen texts stay off the board's first load. Null until they are there (the alert then
 * reads "Allergie" alone for that moment).
 */
export function useAllergenNames(orders: readonly KitchenOrder[] | undefined, language: Language) {
  const wanted = orders?.some((order) => order.allergyAlert !== null) ?? false;
  const [names, setNames] = useState<{ language: Language; of: AllergenNames } | null>(null);
  useEffect(() => {
    if (!wanted || names?.language === language) return;
    let current = true;
    void import("../../../lib/allergen-words").then(({ allergenList }) => {
      if (current) setNames({ language, of: (codes) => allergenList(codes, language) });
    });
    return () => {
      current = false;
    };
  }, [wanted, language, names]);
  return names?.language === language ? names.of : null;
}
