import type { FoodItemInput } from "@kantien/domain/admin-data";
import type { Weekday } from "@kantien/domain/dates";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { foodItems, weeklyMenus } from "../../db/schema";
import { notFound } from "../../errors";
import type { RowOf } from "../data/resources";
import { foodItemColumns, isFoodItemOrdered } from "./data-resources";

export type FoodItemRow = RowOf<typeof foodItemColumns>;

export type ReplaceFoodItemParams = {
  menuId: string;
  dayOfWeek: Weekday;
  input: Omit<FoodItemInput, "weekly_menu_id" | "day_of_week">;
};

/**
 * Puts `input` on the menu's day in one transaction: the day's active item is locked, then
 * deleted, or retired when it is already on orders (decision 0006), and the new item is
 * inserted. Any failure rolls back the whole, so the old item stays on the menu.
 */
export async function replaceFoodItem(
  db: Db,
  { menuId, dayOfWeek, input }: ReplaceFoodItemParams,
): Promise<{ item: FoodItemRow; replaced: string | null }> {
  return db.transaction(async (tx) => {
    const [menu] = await tx
      .select({ id: weeklyMenus.id })
      .from(weeklyMenus)
      .where(eq(weeklyMenus.id, menuId))
      .for("share");
    if (!menu) throw notFound();
    const [old] = await tx
      .select({ id: foodItems.id })
      .from(foodItems)
      .where(
        and(
          eq(foodItems.weeklyMenuId, menuId),
          eq(foodItems.dayOfWeek, dayOfWeek),
          isNull(foodItems.retiredAt),
        ),
      )
      .for("update");
    if (old) {
      if (await isFoodItemOrdered(tx, old.id)) {
        await tx.update(foodItems).set({ retiredAt: sql`now()` }).where(eq(foodItems.id, old.id));
      } else {
        await tx.delete(foodItems).where(eq(foodItems.id, old.id));
      }
    }
    const [item] = await tx
      .insert(foodItems)
      .values({
        name: input.name,
        description: input.description,
        price: input.price,
        imageUrl: input.image_url ?? null,
        dayOfWeek,
        weeklyMenuId: menuId,
        ...(input.preparation_time === undefined ? {} : { preparationTime: input.preparation_time }),
      })
      .returning(foodItemColumns);
    if (!item) throw notFound();
    return { item, replaced: old?.id ?? null };
  });
}
