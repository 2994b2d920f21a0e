import { ALLERGENS } from "@kantien/domain/allergens";
import { addDaysIso, type IsoDate, mondayOf } from "@kantien/domain/dates";
import {
  fitsLimit,
  type LearnerLimits,
  type LearnerLimitsInput,
  limitLeft,
  NO_LIMITS,
} from "@kantien/domain/guardians";
import { formatRand } from "@kantien/domain/money";
import type { LimitsToday } from "@kantien/domain/my";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { learnerLimits } from "../../db/schema";
import { AppError } from "../../errors";

/* What a learner's guardians allow (decision 0068), and the check every order for the learner passes. */

/** A limits row as SQL reads it (`learner_limits`, arrays as text). */
export const limitsColumns = z.object({
  dailyLimit: z.string().nullable(),
  weeklyLimit: z.string().nullable(),
  blockedFoodItemIds: z.array(z.string()),
  blockedAllergens: z.array(z.enum(ALLERGENS)),
});

export function toLimits(row: z.infer<typeof limitsColumns>): LearnerLimits {
  return {
    dailyLimit: row.dailyLimit,
    weeklyLimit: row.weeklyLimit,
    blockedFoodItemIds: row.blockedFoodItemIds,
    blockedAllergens: row.blockedAllergens,
  };
}

const selectLimits = (learnerId: string, lock: boolean) =>
  sql`select daily_limit::text as "dailyLimit", weekly_limit::text as "weeklyLimit",
        blocked_food_item_ids::text[] as "blockedFoodItemIds", blocked_allergens::text[] as "blockedAllergens"
      from learner_limits where learner_id = ${learnerId} ${lock ? sql`for update` : sql``}`;

export async function getLimits(db: Db | Tx, learnerId: string): Promise<LearnerLimits> {
  const [row] = await queryRows(db, selectLimits(learnerId, false), limitsColumns);
  return row ? toLimits(row) : NO_LIMITS;
}

/** Sets a learner's limits (amounts parsed by `learnerLimitsInput`: "50.00" or null). */
export async function saveLimits(
  db: Db,
  { learnerId, limits, by }: { learnerId: string; limits: LearnerLimitsInput; by: string },
): Promise<LearnerLimits> {
  const values = {
    dailyLimit: limits.dailyLimit,
    weeklyLimit: limits.weeklyLimit,
    blockedFoodItemIds: [...new Set(limits.blockedFoodItemIds)],
    blockedAllergens: [...new Set(limits.blockedAllergens)],
    updatedBy: by,
    updatedAt: new Date(),
  };
  await db
    .insert(learnerLimits)
    .values({ learnerId, ...values })
    .onConflictDoUpdate({ target: learnerLimits.learnerId, set: values });
  return getLimits(db, learnerId);
}

/** What the learner's orders not cancelled cost on `day`, and in its week (Monday to Sunday): one read. */
async function spentOnDayAndWeek(tx: Db | Tx, learnerId: string, day: IsoDate) {
  const monday = mondayOf(day);
  const [row] = await queryRows(
    tx,
    sql`select
          coalesce(sum(food_item_price * food_item_quantity) filter (where delivery_date = ${day}::date), 0)
            ::numeric(12, 2)::text as day,
          coalesce(sum(food_item_price * food_item_quantity), 0)::numeric(12, 2)::text as week
        from orders where user_id = ${learnerId} and status <> 'cancelled'
          and delivery_date between ${monday}::date and ${addDaysIso(monday, 6)}::date`,
    z.object({ day: z.string(), week: z.string() }),
  );
  return row ?? { day: "0.00", week: "0.00" };
}

/**
 * Refuses an order of `total` for `deliveryDate` that the learner's guardians do not allow, in the
 * order's transaction: a blocked dish, a dish that declares (or may hold) a blocked allergen or
 * was never checked while allergens are blocked (unknown is unsafe), or a day's or week's spending
 * over its limit. The limits row is locked first, so a learner's orders from two devices at once
 * are decided one after the other and never pass a limit together. A learner without limits
 * passes at the cost of one read.
 */
export async function checkLearnerLimits(
  tx: Tx,
  {
    learnerId,
    foodItemId,
    deliveryDate,
    total,
  }: { learnerId: string; foodItemId: string; deliveryDate: IsoDate; total: string },
): Promise<void> {
  const [row] = await queryRows(tx, selectLimits(learnerId, true), limitsColumns);
  if (!row) return;
  const limits = toLimits(row);
  if (limits.blockedFoodItemIds.includes(foodItemId)) throw new AppError("item_blocked");
  if (limits.blockedAllergens.length > 0) {
    const [dish] = await queryRows(
      tx,
      sql`select f.allergens_checked_at is not null as checked,
            coalesce(array(select a.code::text from food_item_allergens a where a.food_item_id = f.id), '{}') as codes
          from food_items f where f.id = ${foodItemId}`,
      z.object({ checked: z.boolean(), codes: z.array(z.string()) }),
    );
    const blocked = limits.blockedAllergens as readonly string[];
    if (!dish?.checked || dish.codes.some((code) => blocked.includes(code)))
      throw new AppError("item_blocked");
  }
  if (limits.dailyLimit === null && limits.weeklyLimit === null) return;
  const spent = await spentOnDayAndWeek(tx, learnerId, deliveryDate);
  for (const [limit, kind, already] of [
    [limits.dailyLimit, "daily", spent.day],
    [limits.weeklyLimit, "weekly", spent.week],
  ] as const) {
    if (limit === null || fitsLimit(limit, already, total)) continue;
    const left = limitLeft(limit, already);
    throw new AppError("limit_reached", { left, limit: kind }, () => ({ left: formatRand(left) }));
  }
}

/**
 * A learner's limits as the learner and their guardians read them: what is left today and this
 * week (for orders eaten then), and the blocked dishes by name; null when nothing is set.
 */
export async function limitsToday(db: Db, learnerId: string, today: IsoDate): Promise<LimitsToday | null> {
  const [row] = await queryRows(db, selectLimits(learnerId, false), limitsColumns);
  if (!row) return null;
  const limits = toLimits(row);
  const set =
    limits.dailyLimit !== null ||
    limits.weeklyLimit !== null ||
    limits.blockedAllergens.length > 0 ||
    limits.blockedFoodItemIds.length > 0;
  if (!set) return null;
  const spent = await spentOnDayAndWeek(db, learnerId, today);
  const dishes =
    limits.blockedFoodItemIds.length === 0
      ? []
      : await queryRows(
          db,
          sql`select name from food_items where id in ${limits.blockedFoodItemIds} order by name`,
          z.object({ name: z.string() }),
        );
  return {
    dailyLimit: limits.dailyLimit,
    weeklyLimit: limits.weeklyLimit,
    leftToday: limits.dailyLimit === null ? null : limitLeft(limits.dailyLimit, spent.day),
    leftThisWeek: limits.weeklyLimit === null ? null : limitLeft(limits.weeklyLimit, spent.week),
    blockedAllergens: limits.blockedAllergens,
    blockedDishes: dishes.map((dish) => dish.name),
  };
}
