import { type CanteenRules, type CanteenRulesRecord, canteenRulesRecord } from "@kantien/domain/canteen";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client";
import { canteenSettings } from "../../db/schema";
import { claimVersion } from "../../record-version";

/**
 * The canteen's ordering rules: its one row (the migration creates it with the defaults), with
 * the row's version (decision 0057).
 */
export async function getCanteenRules(db: Db | Tx): Promise<CanteenRulesRecord> {
  const [rules] = await queryRows(
    db,
    sql`select cutoff_time as "cutoffTime", cutoff_days_before as "cutoffDaysBefore",
          weeks_ahead as "weeksAhead", max_quantity as "maxQuantity",
          low_balance_threshold::text as "lowBalanceThreshold", offline_sale_limit::text as "offlineSaleLimit",
          kitchen_service_start as "kitchenServiceStart",
          kitchen_warn_minutes as "kitchenWarnMinutes", kitchen_late_minutes as "kitchenLateMinutes",
          version
        from canteen_settings where id = 1`,
    canteenRulesRecord,
  );
  if (!rules) throw new Error("canteen_settings has no row");
  return rules;
}

/**
 * Saves the rules. A save from a version another save (of the rules or the bank details)
 * replaced (`expected`, the If-Match) is 409 stale with the rules as they now are (decision 0057).
 */
export async function saveCanteenRules(
  db: Db,
  rules: CanteenRules,
  { updatedBy, expected }: { updatedBy: string; expected: number | null },
): Promise<CanteenRulesRecord> {
  return db.transaction(async (tx) => {
    await claimVersion(tx, {
      table: canteenSettings,
      where: eq(canteenSettings.id, 1),
      expected,
      current: () => getCanteenRules(tx),
    });
    await tx.execute(
      sql`update canteen_settings set cutoff_time = ${rules.cutoffTime},
            cutoff_days_before = ${rules.cutoffDaysBefore}, weeks_ahead = ${rules.weeksAhead},
            max_quantity = ${rules.maxQuantity}, low_balance_threshold = ${rules.lowBalanceThreshold},
            offline_sale_limit = ${rules.offlineSaleLimit},
            kitchen_service_start = ${rules.kitchenServiceStart},
            kitchen_warn_minutes = ${rules.kitchenWarnMinutes},
            kitchen_late_minutes = ${rules.kitchenLateMinutes},
            updated_at = now(), updated_by = ${updatedBy}
          where id = 1`,
    );
    return getCanteenRules(tx);
  });
}
