import { ALLERGEN_LEVEL_LABELS, allergenList } from "@kantien/domain/allergen-texts";
import { allergenVerdict, hasUncheckedWarning } from "@kantien/domain/allergen-verdict";
import {
  type AllergenWarning,
  type AllergyAlert,
  allergenDeclarationSchema,
  allergenWarnings,
  allergiesSchema,
} from "@kantien/domain/allergens";
import type { Language } from "@kantien/domain/language";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { AppError } from "../../errors";

/*
 * Where a dish meets its customer's allergies (decision 0041): read from the database, inside
 * the caller's transaction, never from what a client says the warnings are.
 */

const matchRow = z.object({
  declaration: allergenDeclarationSchema,
  checked: z.boolean(),
  allergies: allergiesSchema,
});

/** A dish's declaration as one JSON column, in the list's order (by its primary key). */
export function declarationColumn(foodItemId: SQLWrapper) {
  return sql`coalesce((select json_agg(json_build_object('code', a.code, 'level', a.level) order by a.code)
                       from food_item_allergens a where a.food_item_id = ${foodItemId}), '[]')`;
}

/**
 * The customer's allergies that the dish holds or, unchecked, may hold, as the domain's
 * `allergenWarnings` finds them.
 */
export async function dishWarningsFor(
  db: Db | Tx,
  { foodItemId, customerId }: { foodItemId: string; customerId: string },
): Promise<AllergenWarning[]> {
  const [row] = await queryRows(
    db,
    sql`select ${declarationColumn(sql`${foodItemId}::uuid`)} as declaration,
          (select allergens_checked_at is not null from food_items where id = ${foodItemId}) as checked,
          coalesce((select json_agg(json_build_object('code', c.code, 'severity', c.severity) order by c.code)
                    from customer_allergies c where c.user_id = ${customerId}), '[]') as allergies`,
    matchRow,
  );
  return row ? allergenWarnings(row.declaration, row.allergies, { checked: row.checked }) : [];
}

/**
 * The customer's allergies that a counter item holds or, unchecked, may hold (decision 0071): its
 * declaration is kept on its row, as `[{code, level}]`.
 */
export async function counterItemWarningsFor(
  db: Db | Tx,
  { counterItemId, customerId }: { counterItemId: string; customerId: string },
): Promise<AllergenWarning[]> {
  const [row] = await queryRows(
    db,
    sql`select i.allergens as declaration, i.allergens_checked_at is not null as checked,
          coalesce((select json_agg(json_build_object('code', c.code, 'severity', c.severity) order by c.code)
                    from customer_allergies c where c.user_id = ${customerId}), '[]') as allergies
        from counter_items i where i.id = ${counterItemId}`,
    matchRow,
  );
  // An item that is not there has no declaration to trust: every allergy is a warning.
  return allergenWarnings(row?.declaration ?? [], row?.allergies ?? [], { checked: row?.checked ?? false });
}

/**
 * What the customer's allergies allow of what they buy (decision 0041): refuses it when it
 * contains a severe one (409 `allergen_blocked`), and otherwise asks (409
 * `allergen_confirm_required`) unless `acknowledged`. Answers "confirm" when there was something
 * to understand (the order or sale keeps it), "none" when nothing.
 */
export function allowedByAllergies(
  warnings: readonly AllergenWarning[],
  acknowledged: boolean | undefined,
): "none" | "confirm" {
  const verdict = allergenVerdict(warnings);
  if (verdict === "blocked") {
    const severe = warnings.filter(
      (warning) => warning.severity === "severe" && warning.level === "contains",
    );
    throw new AppError("allergen_blocked", { allergens: warnings }, (language) => ({
      allergens: allergenList(
        severe.map((warning) => warning.code),
        language,
      ),
    }));
  }
  if (verdict === "confirm" && acknowledged !== true) {
    const unchecked = hasUncheckedWarning(warnings);
    throw new AppError("allergen_confirm_required", { allergens: warnings, unchecked }, (language) => ({
      unchecked: unchecked ? UNCHECKED_NOTE[language] : "",
      allergens: warningWords(warnings, language),
    }));
  }
  return verdict;
}

/** "grondboontjies (bevat), melk (nie nagegaan nie)": the warnings as a refusal's message names them. */
export function warningWords(warnings: readonly AllergenWarning[], language: Language): string {
  return warnings
    .map(
      ({ code, level }) =>
        `${allergenList([code], language)} (${ALLERGEN_LEVEL_LABELS[language][level].toLowerCase()})`,
    )
    .join(", ");
}

/** What a request to confirm says first when the dish's declaration was never checked. */
export const UNCHECKED_NOTE: Record<Language, string> = {
  af: "Hierdie gereg se allergene is nog nie nagegaan nie. ",
  en: "This dish's allergens have not been checked yet. ",
};

/** "grondboontjies; nie nagegaan nie: melk": an order's alert as a message names it. */
export function alertWords(alert: NonNullable<AllergyAlert>, language: Language): string {
  const unchecked = ALLERGEN_LEVEL_LABELS[language].unchecked.toLowerCase();
  return [
    ...(alert.codes.length > 0 ? [allergenList(alert.codes, language)] : []),
    ...(alert.unchecked.length > 0 ? [`${unchecked}: ${allergenList(alert.unchecked, language)}`] : []),
  ].join("; ");
}

/**
 * The allergy alerts of a set of orders (`from`: a relation with id, user_id and food_item_id),
 * one row (order_id, alert) per order whose customer has an allergy that the dish declares or,
 * when nobody checked the dish's declaration, may hold: the declared codes, the unchecked ones
 * (each in the list's order, the enum's) and whether one of them is severe. Orders without one
 * have no row. A join, not a look-up per order: only the customers with allergies meet the
 * dishes, so the kitchen's day pays for those orders alone.
 */
export function allergyAlerts(from: SQL): SQL {
  return sql`select o.id as order_id,
      json_build_object(
        'codes', coalesce(json_agg(c.code order by c.code) filter (where a.code is not null), '[]'),
        'unchecked', coalesce(json_agg(c.code order by c.code) filter (where a.code is null), '[]'),
        'severeCodes', coalesce(json_agg(c.code order by c.code) filter (where c.severity = 'severe'), '[]'),
        'severe', bool_or(c.severity = 'severe')) as alert
    from ${from} o
    join customer_allergies c on c.user_id = o.user_id
    join food_items f on f.id = o.food_item_id
    left join food_item_allergens a on a.food_item_id = o.food_item_id and a.code = c.code
    where a.code is not null or f.allergens_checked_at is null
    group by o.id`;
}
