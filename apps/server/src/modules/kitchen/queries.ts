import { dayRange, type IsoDate } from "@kantien/domain/dates";
import type { KitchenOrder } from "@kantien/domain/kitchen";
import { and, asc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { foodItems, orders, users } from "../../db/schema";

/**
 * The kitchen board's orders of one canteen day, names joined, in one query.
 * An order belongs to the day of its delivery date, or, without one, to the day it was
 * placed (in the canteen's time zone). Every status is returned: the board picks its
 * columns and counts with `kitchenCounts` (cancelled and failed stay out of the total).
 * Both branches of the OR are ranges of orders_delivery_date_idx (delivery_date, created_at).
 */
export function kitchenOrdersQuery(db: Db, { date, timeZone }: { date: IsoDate; timeZone: string }) {
  const { start, end } = dayRange(date, timeZone);
  return db
    .select({
      id: orders.id,
      status: orders.status,
      quantity: orders.foodItemQuantity,
      price: orders.foodItemPrice,
      createdAt: orders.createdAt,
      statusChangedAt: orders.statusChangedAt,
      deliveryDate: orders.deliveryDate,
      customerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      itemName: foodItems.name,
      preparationTime: foodItems.preparationTime,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(foodItems, eq(foodItems.id, orders.foodItemId))
    .where(
      or(
        eq(orders.deliveryDate, date),
        and(isNull(orders.deliveryDate), gte(orders.createdAt, start), lt(orders.createdAt, end)),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

export async function listKitchenOrders(
  db: Db,
  params: { date: IsoDate; timeZone: string },
): Promise<KitchenOrder[]> {
  const rows = await kitchenOrdersQuery(db, params);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    statusChangedAt: r.statusChangedAt.toISOString(),
  }));
}
