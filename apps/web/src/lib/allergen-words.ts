import { allergenName } from "@kantien/domain/allergen-texts";
import type { Allergen } from "@kantien/domain/allergens";
import type { Language } from "@kantien/domain/language";

/*
 * Allergens in words, for the screens that show them. It carries the allergen texts: import it
 * only from code that loads lazily, never into a first load (/my, /kitchen/board).
 */

/** "grondboontjies, melk": codes as a sentence names them. */
export function allergenList(codes: readonly Allergen[], language: Language): string {
  return codes.map((code) => allergenName(code, language).toLowerCase()).join(", ");
}

/** "Bevat: gluten, melk; kan bevat: neute", the domain's words for a declaration. */
export { declarationWords } from "@kantien/domain/allergen-texts";
