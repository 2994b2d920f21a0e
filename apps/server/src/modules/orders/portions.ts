import { type PortionsLeftEvent, portionsLeftEvent } from "@kantien/domain/kitchen";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Tx } from "../../db/client";
import { AppError } from "../../errors";

/*
 * A dish's portions for its day (`food_items.portions`, null: no cap): every order not cancelled
 * or failed takes its quantity, and every counter sale not voided (decision 0071); what is left
 * never goes below zero.
 */

/** What the dish's orders not cancelled or failed and its counter sales not voided take. */
function takenBy(foodItemId: SQL) {
  return sql`((select coalesce(sum(o.food_item_quantity), 0) from orders o
               where o.food_item_id = ${foodItemId} and o.status not in ('cancelled', 'failed'))
            + (select coalesce(sum(l.quantity), 0) from counter_sale_lines l
               join counter_sales s on s.id = l.sale_id
               where l.food_item_id = ${foodItemId} and s.voided_at is null))`;
}

/** Portions left of the food item aliased `item` in a query; null when it has no cap. */
export function portionsLeftColumn(item: SQL) {
  return sql`case when ${item}.portions is null then null
              else greatest(${item}.portions - ${takenBy(sql`${item}.id`)}, 0)::int end`;
}

/**
 * Whether a dish's portions are capped, read before the order's row lock to choose it: a capped
 * dish is locked `for update`, so its orders are decided one after the other; an uncapped one
 * `for share`, so its orders do not wait for each other.
 */
export async function isCapped(tx: Tx, foodItemId: string): Promise<boolean> {
  const [row] = await queryRows(
    tx,
    sql`select portions is not null as capped from food_items where id = ${foodItemId}`,
    z.object({ capped: z.boolean() }),
  );
  return row?.capped ?? false;
}

/**
 * Refuses an order of `quantity` portions a capped dish has no longer left (409 `sold_out` with
 * what is left), under the item's row lock taken by the order.
 */
export async function takePortions(
  tx: Tx,
  { foodItemId, quantity }: { foodItemId: string; quantity: number },
) {
  const [row] = await queryRows(
    tx,
    sql`select ${portionsLeftColumn(sql`f`)} as left from food_items f where f.id = ${foodItemId}`,
    z.object({ left: z.number().int().nullable() }),
  );
  const left = row?.left ?? null;
  if (left !== null && quantity > left) {
    throw new AppError("sold_out", { left, foodItemId }, () => ({ left: String(left) }));
  }
}

/**
 * Refuses a cap below what the dish's orders already take (409 `portions_below_ordered`): what is
 * left would go below zero. Under the item's row lock taken by the save.
 */
export async function assertPortionsCoverOrders(
  tx: Tx,
  { foodItemId, portions }: { foodItemId: string; portions: number | null | undefined },
) {
  if (portions === null || portions === undefined) return;
  const [row] = await queryRows(
    tx,
    sql`select ${takenBy(sql`${foodItemId}::uuid`)}::int as taken`,
    z.object({ taken: z.number().int() }),
  );
  const taken = row?.taken ?? 0;
  if (portions < taken) {
    throw new AppError("portions_below_ordered", { ordered: taken }, () => ({ ordered: String(taken) }));
  }
}

/** What is left of a capped dish, for the event that tells every menu; null for a dish without a cap. */
export async function portionsLeftOf(tx: Tx, foodItemId: string): Promise<PortionsLeftEvent | null> {
  const [row] = await queryRows(
    tx,
    sql`select f.id as "foodItemId", ${portionsLeftColumn(sql`f`)} as left
        from food_items f where f.id = ${foodItemId} and f.portions is not null`,
    portionsLeftEvent,
  );
  return row ?? null;
}
