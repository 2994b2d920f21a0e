import { ALLERGEN_LEVEL_LABELS, allergenName } from "@kantien/domain/allergen-texts";
import {
  type Allergen,
  type AllergenWarning,
  allergenDeclarationSchema,
  allergenWarnings,
  allergiesSchema,
} from "@kantien/domain/allergens";
import type { Language } from "@kantien/domain/language";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
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
 * The allergy alerts of a set of orders (`from`: a relation with id, user_id and food_item_id),
 * one row (order_id, alert) per order whose dish and customer share an allergen: the shared
 * codes (in the list's order, the enum's) and whether one of them is severe. Orders without
 * one have no row. A join, not a look-up per order: only the customers with allergies meet
 * the dishes' declarations, so the kitchen's day pays for those orders alone.
 */
export function allergyAlerts(from: SQL): SQL {
  return sql`select o.id as order_id,
      json_build_object('codes', json_agg(a.code order by a.code), 'severe', bool_or(c.severity = 'severe')) as alert
    from ${from} o
    join customer_allergies c on c.user_id = o.user_id
    join food_item_allergens a on a.food_item_id = o.food_item_id and a.code = c.code
    group by o.id`;
}
