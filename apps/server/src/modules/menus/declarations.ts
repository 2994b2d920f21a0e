import type { FoodItemDeclaration, FoodItemDeclarationInput } from "@kantien/domain/admin-data";
import { ALLERGENS, type AllergenDeclaration, DIET_TAGS, type DietTag } from "@kantien/domain/allergens";
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { foodItemAllergens, foodItems, users } from "../../db/schema";

/*
 * A dish's allergen declaration (decision 0041): what it declares, its diet tags and who
 * checked it. Every door that answers or writes food items goes through here.
 */

/** A declaration in the list's order, so two of them compare and answer alike. */
export function inListOrder(declaration: AllergenDeclaration): AllergenDeclaration {
  return [...declaration].sort((a, b) => ALLERGENS.indexOf(a.code) - ALLERGENS.indexOf(b.code));
}

function dietInListOrder(diet: readonly DietTag[]): DietTag[] {
  return [...diet].sort((a, b) => DIET_TAGS.indexOf(a) - DIET_TAGS.indexOf(b));
}

/** Whether two declarations hold the same allergens at the same levels, in any order. */
export function sameDeclaration(a: AllergenDeclaration, b: AllergenDeclaration): boolean {
  const [x, y] = [inListOrder(a), inListOrder(b)];
  return (
    x.length === y.length && x.every((entry, i) => entry.code === y[i]?.code && entry.level === y[i]?.level)
  );
}

/** Each row with its declaration, diet and check, as every admin answer carries a food item. */
export async function withDeclarations<Row extends { id: string }>(
  db: Db | Tx,
  rows: Row[],
): Promise<(Row & FoodItemDeclaration)[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after the other: inside a transaction both share its one connection.
  const declared = await db
    .select({
      foodItemId: foodItemAllergens.foodItemId,
      code: foodItemAllergens.code,
      level: foodItemAllergens.level,
    })
    .from(foodItemAllergens)
    .where(inArray(foodItemAllergens.foodItemId, ids));
  const checks = await db
    .select({
      id: foodItems.id,
      diet: foodItems.diet,
      at: foodItems.allergensCheckedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(foodItems)
    .leftJoin(users, eq(users.id, foodItems.allergensCheckedBy))
    .where(inArray(foodItems.id, ids));
  const checkOf = new Map(checks.map((check) => [check.id, check]));
  return rows.map((row) => {
    const check = checkOf.get(row.id);
    return {
      ...row,
      allergens: inListOrder(
        declared.filter((entry) => entry.foodItemId === row.id).map(({ code, level }) => ({ code, level })),
      ),
      diet: dietInListOrder(check?.diet ?? []),
      // A checker since removed leaves the check standing, unnamed.
      allergensChecked: check?.at
        ? { by: [check.firstName, check.lastName].filter(Boolean).join(" "), at: check.at.toISOString() }
        : null,
    };
  });
}

/** What the item `id` declares now. */
export async function declarationOf(tx: Tx, id: string): Promise<AllergenDeclaration> {
  return tx
    .select({ code: foodItemAllergens.code, level: foodItemAllergens.level })
    .from(foodItemAllergens)
    .where(eq(foodItemAllergens.foodItemId, id));
}

/** Replaces what the item `id` declares. */
export async function writeDeclaration(tx: Tx, id: string, declaration: AllergenDeclaration): Promise<void> {
  await tx.delete(foodItemAllergens).where(eq(foodItemAllergens.foodItemId, id));
  if (declaration.length > 0) {
    await tx
      .insert(foodItemAllergens)
      .values(declaration.map(({ code, level }) => ({ foodItemId: id, code, level })));
  }
}

type CheckColumns = { allergensCheckedBy: string | null; allergensCheckedAt: Date | null };

/** The check's columns of a new item: the saving admin's when they confirm it, else none. */
export function newItemCheck(confirmed: boolean | undefined, actorId: string, now: Date): CheckColumns {
  return confirmed === true ? { allergensCheckedBy: actorId, allergensCheckedAt: now } : CLEARED_CHECK;
}

/** Whether an edit changes what the declaration's check vouched for: name, description or allergens. */
export function declarationChanged(
  before: { name: string; description: string; allergens: AllergenDeclaration },
  after: {
    name?: string | undefined;
    description?: string | undefined;
    allergens?: AllergenDeclaration | undefined;
  },
): boolean {
  return (
    (after.name !== undefined && after.name !== before.name) ||
    (after.description !== undefined && after.description !== before.description) ||
    (after.allergens !== undefined && !sameDeclaration(after.allergens, before.allergens))
  );
}

export const CLEARED_CHECK: CheckColumns = { allergensCheckedBy: null, allergensCheckedAt: null };

/**
 * The check's columns after an edit, or none to keep it: a confirmation stamps the saving admin;
 * a withdrawal, or a change without a confirmation, clears it.
 */
export function editedItemCheck(
  changed: boolean,
  confirmed: FoodItemDeclarationInput["allergensConfirmed"],
  actorId: string,
  now: Date,
): CheckColumns | Record<string, never> {
  if (confirmed === true) return { allergensCheckedBy: actorId, allergensCheckedAt: now };
  return confirmed === false || changed ? CLEARED_CHECK : {};
}

/** The diet column as stored: in the list's order. */
export function dietColumn(diet: readonly DietTag[] | undefined): { diet?: DietTag[] } {
  return diet === undefined ? {} : { diet: dietInListOrder(diet) };
}
