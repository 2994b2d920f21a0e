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

/**
 * What the learner's orders not cancelled and counter sales not voided (decision 0071) cost on
 * `day`, and in its week (Monday to Sunday): one read.
 */
async function spentOnDayAndWeek(tx: Db | Tx, learnerId: string, day: IsoDate) {
  const monday = mondayOf(day);
  const sunday = addDaysIso(monday, 6);
  const [row] = await queryRows(
    tx,
    sql`with spent as (
          select delivery_date as day, food_item_price * food_item_quantity as amount
          from orders where user_id = ${learnerId} and status <> 'cancelled'
            and delivery_date between ${monday}::date and ${sunday}::date
          union all
          select date, total from counter_sales where customer_id = ${learnerId} and voided_at is null
            and date between ${monday}::date and ${sunday}::date)
        select coalesce(sum(amount) filter (where day = ${day}::date), 0)::numeric(12, 2)::text as day,
               coalesce(sum(amount), 0)::numeric(12, 2)::text as week
        from spent`,
    z.object({ day: z.string(), week: z.string() }),
  );
  return row ?? { day: "0.00", week: "0.00" };
}

/** What a learner buys: the dishes and counter items of an order or a counter sale. */
export type Purchase = { foodItemIds: readonly string[]; counterItemIds: readonly string[] };

/**
 * Whether any of what is bought declares (or may hold) a blocked allergen, or was never checked
 * while allergens are blocked: unknown is unsafe.
 */
async function holdsBlockedAllergen(tx: Tx, purchase: Purchase, blocked: readonly string[]) {
  const dishes =
    purchase.foodItemIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from food_items f where f.id in ${purchase.foodItemIds}
              and (f.allergens_checked_at is null or exists (select 1 from food_item_allergens a
                   where a.food_item_id = f.id and a.code::text in ${blocked})))`;
  const counterItems =
    purchase.counterItemIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from counter_items i where i.id in ${purchase.counterItemIds}
              and (i.allergens_checked_at is null or exists (select 1 from jsonb_array_elements(i.allergens) a
                   where a->>'code' in ${blocked})))`;
  const [row] = await queryRows(
    tx,
    sql`select ${dishes} or ${counterItems} as blocked`,
    z.object({ blocked: z.boolean() }),
  );
  // No answer is no proof: unknown is unsafe.
  return row?.blocked ?? true;
}

/**
 * Refuses a purchase of `total` for `day` that the learner's guardians do not allow, in the
 * order's or sale's transaction: a blocked dish, a dish or counter item that declares (or may
 * hold) a blocked allergen or was never checked while allergens are blocked (unknown is unsafe),
 * or a day's or week's spending over its limit. The limits row is locked first, so a learner's
 * purchases from two devices at once are decided one after the other and never pass a limit
 * together. A learner without limits passes at the cost of one read.
 */
export async function checkLearnerLimits(
  tx: Tx,
  { learnerId, purchase, day, total }: { learnerId: string; purchase: Purchase; day: IsoDate; total: string },
): Promise<void> {
  const [row] = await queryRows(tx, selectLimits(learnerId, true), limitsColumns);
  if (!row) return;
  const limits = toLimits(row);
  if (purchase.foodItemIds.some((id) => limits.blockedFoodItemIds.includes(id))) {
    throw new AppError("item_blocked");
  }
  if (
    limits.blockedAllergens.length > 0 &&
    (await holdsBlockedAllergen(tx, purchase, limits.blockedAllergens))
  ) {
    throw new AppError("item_blocked");
  }
  if (limits.dailyLimit === null && limits.weeklyLimit === null) return;
  const spent = await spentOnDayAndWeek(tx, learnerId, day);
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
