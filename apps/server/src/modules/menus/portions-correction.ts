import type { PortionsCorrectionInput } from "@kantien/domain/admin-data";
import { WEEKDAYS } from "@kantien/domain/dates";
import { itemDate } from "@kantien/domain/orders-summary";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "../../db/client";
import { dishPortionChanges } from "../../db/schema";
import { notFound } from "../../errors";
import { assertPortionsCoverOrders, portionsLeftColumn } from "../orders/portions";
import { notifyPortionsLeft } from "../orders/service";

/**
 * An admin's correction of a dish's portions during its day (decision 0071): a tray dropped, more
 * made. Never below what its orders and counter sales take (409 `portions_below_ordered`); the
 * change is recorded with why, by the dish's day, for the day's report. Raises the item's
 * version, so a dialog open on the dish sees it changed.
 */
export async function correctPortions(
  db: Db,
  { foodItemId, input, actorId }: { foodItemId: string; input: PortionsCorrectionInput; actorId: string },
): Promise<{ name: string; portions: number | null; left: number | null }> {
  return db.transaction(async (tx) => {
    const [dish] = await queryRows(
      tx,
      sql`select f.name, f.portions, f.day_of_week as "dayOfWeek", m.date_from::text as "menuDateFrom"
          from food_items f join weekly_menus m on m.id = f.weekly_menu_id
          where f.id = ${foodItemId} and f.retired_at is null for update of f`,
      z.object({
        name: z.string(),
        portions: z.number().int().nullable(),
        dayOfWeek: z.enum(WEEKDAYS),
        menuDateFrom: z.string(),
      }),
    );
    if (!dish) throw notFound();
    await assertPortionsCoverOrders(tx, { foodItemId, portions: input.portions });
    const [after] = await queryRows(
      tx,
      sql`update food_items f set portions = ${input.portions}, version = version + 1
          where f.id = ${foodItemId}
          returning f.portions, ${portionsLeftColumn(sql`f`)} as left`,
      z.object({ portions: z.number().int().nullable(), left: z.number().int().nullable() }),
    );
    await tx.insert(dishPortionChanges).values({
      foodItemId,
      date: itemDate(dish),
      fromPortions: dish.portions,
      toPortions: input.portions,
      reason: input.reason,
      changedBy: actorId,
    });
    await notifyPortionsLeft(tx, foodItemId);
    return { name: dish.name, portions: after?.portions ?? null, left: after?.left ?? null };
  });
}
