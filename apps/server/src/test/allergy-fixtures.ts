import { ALLERGY_CONSENT_VERSION, type AllergenDeclaration, type Allergies } from "@kantien/domain/allergens";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { customerAllergies, dietaryProfiles, foodItemAllergens, foodItems } from "../db/schema";

/*
 * Allergies and declarations written straight into their tables, as the menu dialog and the
 * profile screen would (their routes are not what these tests try).
 */

/** A dish's declaration; with `checkedBy`, confirmed by that admin at `checkedAt`. */
export async function declareAllergens(
  db: Db,
  foodItemId: string,
  declaration: AllergenDeclaration,
  checked?: { by: string; at?: Date },
) {
  await db.delete(foodItemAllergens).where(eq(foodItemAllergens.foodItemId, foodItemId));
  if (declaration.length > 0) {
    await db.insert(foodItemAllergens).values(declaration.map((entry) => ({ foodItemId, ...entry })));
  }
  await db
    .update(foodItems)
    .set({
      allergensCheckedBy: checked?.by ?? null,
      allergensCheckedAt: checked ? (checked.at ?? new Date()) : null,
    })
    .where(eq(foodItems.id, foodItemId));
}

/** A customer's allergies, kept with their consent (as `PUT /api/my/profile` would keep them). */
export async function giveAllergies(db: Db, userId: string, allergies: Allergies) {
  await db
    .insert(dietaryProfiles)
    .values({ userId, allergyConsentVersion: ALLERGY_CONSENT_VERSION, allergyConsentAt: new Date() })
    .onConflictDoNothing();
  await db.delete(customerAllergies).where(eq(customerAllergies.userId, userId));
  if (allergies.length > 0) {
    await db.insert(customerAllergies).values(allergies.map((allergy) => ({ userId, ...allergy })));
  }
}
