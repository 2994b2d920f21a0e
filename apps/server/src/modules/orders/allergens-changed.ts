import { allergenSchema, allergyAlertSchema } from "@kantien/domain/allergens";
import { orderStatusSchema } from "@kantien/domain/api";
import type { IsoDate } from "@kantien/domain/dates";
import { CLOSED_STATUSES } from "@kantien/domain/order-status";
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Tx } from "../../db/client";
import { orders } from "../../db/schema";
import type { MailConfig } from "../../mail/letter";
import { mailAllergensChanged } from "./allergens-changed-mail";
import { allergyAlerts } from "./allergy-match";
import { notifyOrderChanged } from "./service";

/*
 * A dish's allergens changed after it was ordered (decision 0041). An order's alert is read live
 * from the dish, so the kitchen sees the new one at once; here its customer is told, and may cancel.
 */

const openOrderRow = z.object({
  id: z.string(),
  userId: z.string(),
  status: orderStatusSchema,
  statusChangedAt: z.coerce.date(),
  deliveryDate: z.string().nullable(),
  alert: allergyAlertSchema,
  /** The customer's allergens the dish declares it contains (not only may contain). */
  contains: z.array(allergenSchema),
});
export type OpenOrderAlert = z.infer<typeof openOrderRow>;

/**
 * The dish's open orders (not delivered, cancelled or failed; for `today` or later), each with
 * its allergy alert as the kitchen sees it now, or null.
 */
export async function openOrderAlerts(
  tx: Tx,
  { foodItemId, today }: { foodItemId: string; today: IsoDate },
): Promise<OpenOrderAlert[]> {
  const closed = sql.join(
    CLOSED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const open = sql`(select id, user_id, food_item_id from orders
    where food_item_id = ${foodItemId} and delivery_date >= ${today}::date and status not in (${closed}))`;
  return queryRows(
    tx,
    sql`select o.id, o.user_id as "userId", o.status, o.status_changed_at as "statusChangedAt",
               o.delivery_date::text as "deliveryDate", a.alert,
               coalesce((select json_agg(c.code order by c.code) from customer_allergies c
                         join food_item_allergens d on d.food_item_id = o.food_item_id and d.code = c.code
                         where c.user_id = o.user_id and d.level = 'contains'), '[]') as contains
        from ${open} mine join orders o on o.id = mine.id
        left join (${allergyAlerts(open)}) a on a.order_id = o.id
        order by o.id`,
    openOrderRow,
  );
}

/**
 * Whether the order's alert grew: `after` names an allergen `before` did not (one the dish now
 * declares, or one now unchecked that was in neither list), or the dish now contains one of the
 * customer's allergens it only may have contained. An alert that only shrinks (an allergen taken
 * off, a declaration confirmed) tells nobody: there is nothing new to fear.
 */
export function alertGained(before: OpenOrderAlert | undefined, after: OpenOrderAlert): boolean {
  if (!after.alert) return false;
  const declared = new Set(before?.alert?.codes ?? []);
  const named = new Set([...declared, ...(before?.alert?.unchecked ?? [])]);
  const contained = new Set(before?.contains ?? []);
  return (
    after.alert.codes.some((code) => !declared.has(code)) ||
    after.alert.unchecked.some((code) => !named.has(code)) ||
    after.contains.some((code) => !contained.has(code))
  );
}

/**
 * After the dish's allergens or their check changed, in the save's transaction (`before`: its
 * open orders as read before the change): every open order's event goes out, so the board and
 * the customers' app read it again; each order whose alert gained an allergen is stamped
 * (`allergens_changed_at`: its customer may cancel past the cut-off), loses the kitchen's earlier
 * "allergens checked" (asked again before Gereed and the hand-over) and its customer is mailed.
 * Answers how many customers were told.
 */
export async function tellAllergensChanged(
  tx: Tx,
  {
    before,
    after,
    now,
    mail,
  }: { before: OpenOrderAlert[]; after: OpenOrderAlert[]; now: Date; mail: MailConfig },
): Promise<number> {
  const was = new Map(before.map((order) => [order.id, order]));
  const gained = after.filter((order) => alertGained(was.get(order.id), order));
  if (gained.length > 0) {
    await tx
      .update(orders)
      // What the kitchen checked no longer covers what the dish now holds: Gereed and the
      // hand-over ask "Allergene nagegaan?" again, whoever confirmed before.
      .set({ allergensChangedAt: now, allergensConfirmedAt: null, allergensConfirmedBy: null })
      .where(
        inArray(
          orders.id,
          gained.map((order) => order.id),
        ),
      );
    await mailAllergensChanged(
      tx,
      mail,
      gained.map((order) => order.id),
    );
  }
  for (const order of after) {
    await notifyOrderChanged(tx, order, { at: now });
  }
  return new Set(gained.map((order) => order.userId)).size;
}
