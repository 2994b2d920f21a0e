import { ALLERGEN_LEVEL_LABELS, allergenName } from "@kantien/domain/allergen-texts";
import type { Allergen, AllergenDeclaration } from "@kantien/domain/allergens";
import type { Language } from "@kantien/domain/language";

/*
 * Allergens in words, for the screens that show them. It carries the allergen texts: import it
 * only from code that loads lazily, never into a first load (/my, /kitchen/board).
 */

/** "grondboontjies, melk": codes as a sentence names them. */
export function allergenList(codes: readonly Allergen[], language: Language): string {
  return codes.map((code) => allergenName(code, language).toLowerCase()).join(", ");
}

/** "Bevat: gluten, melk; kan bevat: neute" (as Natasha's Law asks of a label); "" when it declares nothing. */
export function declarationWords(declaration: AllergenDeclaration, language: Language): string {
  const labels = ALLERGEN_LEVEL_LABELS[language];
  const text = (["contains", "may_contain"] as const)
    .flatMap((level) => {
      const codes = declaration.filter((entry) => entry.level === level).map((entry) => entry.code);
      return codes.length === 0 ? [] : [`${labels[level].toLowerCase()}: ${allergenList(codes, language)}`];
    })
    .join("; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
