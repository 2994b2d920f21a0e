/*
 * Allergens in words, for the screens that show them. It carries the allergen texts: import it
 * only from code that loads lazily, never into a first load (/my, /kitchen/board).
 */

/** "grondboontjies, melk" and "Bevat: gluten, melk; kan bevat: neute": the domain's words. */
export { allergenList, declarationWords } from "@kantien/domain/allergen-texts";
