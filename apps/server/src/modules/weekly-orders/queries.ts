import type { IsoDate } from "@kantien/domain/dates";
import { type WeeklyOrders, weekEndOf, weeklyOrder, weeklyOrdersOf } from "@kantien/domain/weekly-orders";
import { asc, between, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { foodItems, orders, users } from "../../db/schema";

/**
 * The orders delivered Monday to Friday of one week, names joined, in one query: a range
 * of orders_delivery_date_idx (delivery_date, created_at). Orders without a delivery date
 * belong to no day of the week and stay out; every status is returned, for the weekly view's labels.
 */
export function weeklyOrdersQuery(db: Db, { weekStart }: { weekStart: IsoDate }) {
  return db
    .select({
      id: orders.id,
      pickupNumber: orders.pickupNumber,
      status: orders.status,
      quantity: orders.foodItemQuantity,
      deliveryDate: orders.deliveryDate,
      customerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      itemName: foodItems.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(foodItems, eq(foodItems.id, orders.foodItemId))
    .where(between(orders.deliveryDate, weekStart, weekEndOf(weekStart)))
    .orderBy(asc(orders.deliveryDate), asc(orders.createdAt), asc(orders.id));
}

/** The week's five days with their orders and prep sheets. */
export async function listWeeklyOrders(db: Db, params: { weekStart: IsoDate }): Promise<WeeklyOrders> {
  const rows = await weeklyOrdersQuery(db, params);
  // The range excludes a null delivery date, so every row has one; the schema checks it.
  return weeklyOrdersOf(params.weekStart, z.array(weeklyOrder).parse(rows));
}
