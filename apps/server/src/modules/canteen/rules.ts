import { type CanteenRules, canteenRulesSchema } from "@kantien/domain/canteen";
import { sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";

/** The canteen's ordering rules: its one row (the migration creates it with the defaults). */
export async function getCanteenRules(db: Db | Tx): Promise<CanteenRules> {
  const [rules] = await queryRows(
    db,
    sql`select cutoff_time as "cutoffTime", cutoff_days_before as "cutoffDaysBefore",
          weeks_ahead as "weeksAhead", max_quantity as "maxQuantity",
          low_balance_threshold::text as "lowBalanceThreshold",
          kitchen_warn_minutes as "kitchenWarnMinutes", kitchen_late_minutes as "kitchenLateMinutes"
        from canteen_settings where id = 1`,
    canteenRulesSchema,
  );
  if (!rules) throw new Error("canteen_settings has no row");
  return rules;
}

export async function saveCanteenRules(
  db: Db,
  rules: CanteenRules,
  updatedBy: string,
): Promise<CanteenRules> {
  await db.execute(
    sql`update canteen_settings set cutoff_time = ${rules.cutoffTime},
          cutoff_days_before = ${rules.cutoffDaysBefore}, weeks_ahead = ${rules.weeksAhead},
          max_quantity = ${rules.maxQuantity}, low_balance_threshold = ${rules.lowBalanceThreshold},
          kitchen_warn_minutes = ${rules.kitchenWarnMinutes},
          kitchen_late_minutes = ${rules.kitchenLateMinutes},
          updated_at = now(), updated_by = ${updatedBy}
        where id = 1`,
  );
  return getCanteenRules(db);
}
