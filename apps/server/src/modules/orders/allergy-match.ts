import { ALLERGEN_LEVEL_LABELS, allergenName } from "@kantien/domain/allergen-texts";
import {
  type Allergen,
  type AllergenWarning,
  allergenDeclarationSchema,
  allergenWarnings,
  allergiesSchema,
} from "@kantien/domain/allergens";
import type { Language } from "@kantien/domain/language";
import { type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";

/*
 * Where a dish meets its customer's allergies (decision 0041): read from the database, inside
 * the caller's transaction, never from what a client says the warnings are.
 */

const matchRow = z.object({ declaration: allergenDeclarationSchema, allergies: allergiesSchema });

/** A dish's declaration as one JSON column, in the list's order (by its primary key). */
export function declarationColumn(foodItemId: SQLWrapper) {
  return sql`coalesce((select json_agg(json_build_object('code', a.code, 'level', a.level) order by a.code)
                       from food_item_allergens a where a.food_item_id = ${foodItemId}), '[]')`;
}

/** The customer's allergies that the dish declares, as the domain's `allergenWarnings` finds them. */
export async function dishWarningsFor(
  db: Db | Tx,
  { foodItemId, customerId }: { foodItemId: string; customerId: string },
): Promise<AllergenWarning[]> {
  const [row] = await queryRows(
    db,
    sql`select ${declarationColumn(sql`${foodItemId}::uuid`)} as declaration,
          coalesce((select json_agg(json_build_object('code', c.code, 'severity', c.severity) order by c.code)
                    from customer_allergies c where c.user_id = ${customerId}), '[]') as allergies`,
    matchRow,
  );
  return row ? allergenWarnings(row.declaration, row.allergies) : [];
}

/** An allergen's name inside a sentence ("bevat grondboontjies"). */
const inSentence = (code: Allergen, language: Language) => allergenName(code, language).toLowerCase();

/** "grondboontjies (bevat), melk (kan bevat)": the warnings as a refusal's message names them. */
export function warningWords(warnings: readonly AllergenWarning[], language: Language): string {
  return warnings
    .map(
      ({ code, level }) =>
        `${inSentence(code, language)} (${ALLERGEN_LEVEL_LABELS[language][level].toLowerCase()})`,
    )
    .join(", ");
}

/** "grondboontjies, melk": an alert's codes as a message names them. */
export function allergenWords(codes: readonly Allergen[], language: Language): string {
  return codes.map((code) => inSentence(code, language)).join(", ");
}

/**
 * An order's allergy alert as one JSON column: the codes its dish and its customer share (in
 * the list's order, the enum's), and whether one of them is severe; null when none match.
 * Both tables are read by their primary keys, (food_item_id, code) and (user_id, code), so
 * the kitchen's day pays one short index probe per order.
 */
export function allergyAlertColumn(order: { userId: SQLWrapper; foodItemId: SQLWrapper }) {
  return sql`(select case when count(*) = 0 then null
                 else json_build_object('codes', json_agg(a.code order by a.code), 'severe', bool_or(c.severity = 'severe')) end
              from food_item_allergens a
              join customer_allergies c on c.user_id = ${order.userId} and c.code = a.code
              where a.food_item_id = ${order.foodItemId})`;
}
