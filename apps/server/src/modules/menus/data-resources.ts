import {
  checkFoodItemRequired,
  foodItemInput,
  foodItemUpdateInput,
  weeklyMenuInput,
  weeklyMenuUpdateInput,
} from "@kantien/domain/admin-data";
import { isIsoDate } from "@kantien/domain/dates";
import { validateWeeklyMenuDates } from "@kantien/domain/weekly-menu";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx } from "../../db/client";
import { foodItems, weeklyMenus } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { claimVersion } from "../../record-version";
import { defineResource, type WriteContext } from "../data/resources";
import { assertPortionsCoverOrders } from "../orders/portions";
import { CLEARED_CHECK, declarationChanged, declarationOf, withDeclarations } from "./declarations";

/* The menus' rows on the generic data API (decision 0014): weekly menus and their food items. */

/** A new menu follows the seven date rules (domain's weekly-menu.ts): the rule's message, 409 for a week that exists. */
async function checkWeeklyMenu(ctx: WriteContext<unknown, z.output<typeof weeklyMenuInput>, unknown>) {
  if (ctx.verb !== "create") return;
  const { tx, input, today } = ctx;
  const dates = { dateFrom: input.date_from ?? null, dateTo: input.date_to ?? null };
  const { dateFrom, dateTo } = dates;
  const identical =
    dateFrom && dateTo && isIsoDate(dateFrom) && isIsoDate(dateTo)
      ? await tx
          .select({ dateFrom: weeklyMenus.dateFrom, dateTo: weeklyMenus.dateTo })
          .from(weeklyMenus)
          .where(and(eq(weeklyMenus.dateFrom, dateFrom), eq(weeklyMenus.dateTo, dateTo)))
      : [];
  const code = validateWeeklyMenuDates(dates, today, identical);
  if (code) throw new AppError(code);
}

/** An item already on orders is never deleted: the orders keep their item (decision 0006). */
async function checkFoodItem(ctx: WriteContext<{ id: string }, unknown, unknown>) {
  if (ctx.verb !== "delete") return;
  if (await isFoodItemOrdered(ctx.tx, ctx.before.id)) throw new AppError("food_item_ordered");
}

/** Whether any order or counter sale refers to the item; run under the item's row lock, none can slip in. */
export async function isFoodItemOrdered(tx: Tx, foodItemId: string): Promise<boolean> {
  const [row] = await queryRows(
    tx,
    sql`select exists (select 1 from orders where food_item_id = ${foodItemId})
          or exists (select 1 from counter_sale_lines where food_item_id = ${foodItemId}) as found`,
    z.object({ found: z.boolean() }),
  );
  return row?.found ?? false;
}

/**
 * An update through the data API: the fields it names, and, as in the food-item dialog, a
 * changed name or description clears the allergen declaration's check (decision 0041). It raises
 * the item's version, so a dialog open on the item is refused as stale (decision 0057).
 */
async function updateFoodItem(
  db: Db,
  { id, input }: { id: string | number; input: z.output<typeof foodItemUpdateInput> },
): Promise<void> {
  const itemId = String(id);
  await db.transaction(async (tx) => {
    await claimVersion(tx, { table: foodItems, where: eq(foodItems.id, itemId), expected: null });
    const [before] = await tx
      .select({ name: foodItems.name, description: foodItems.description })
      .from(foodItems)
      .where(eq(foodItems.id, itemId))
      .for("update");
    if (!before) throw notFound();
    await assertPortionsCoverOrders(tx, { foodItemId: itemId, portions: input.portions });
    const changed = declarationChanged({ ...before, allergens: await declarationOf(tx, itemId) }, input);
    const values = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.price === undefined ? {} : { price: input.price }),
      ...(input.image_url === undefined ? {} : { imageUrl: input.image_url }),
      ...(input.day_of_week === undefined ? {} : { dayOfWeek: input.day_of_week }),
      ...(input.weekly_menu_id === undefined ? {} : { weeklyMenuId: input.weekly_menu_id }),
      ...(input.preparation_time === undefined ? {} : { preparationTime: input.preparation_time }),
      ...(input.portions === undefined ? {} : { portions: input.portions }),
      ...(input.sold_at_counter === undefined ? {} : { soldAtCounter: input.sold_at_counter }),
      ...(changed ? CLEARED_CHECK : {}),
    };
    if (Object.keys(values).length > 0)
      await tx.update(foodItems).set(values).where(eq(foodItems.id, itemId));
  });
}

/** A food item as every door answers it (the data API and the menus' save). */
export const foodItemColumns = {
  id: foodItems.id,
  name: foodItems.name,
  description: foodItems.description,
  price: foodItems.price,
  image_url: foodItems.imageUrl,
  day_of_week: foodItems.dayOfWeek,
  weekly_menu_id: foodItems.weeklyMenuId,
  preparation_time: foodItems.preparationTime,
  portions: foodItems.portions,
  sold_at_counter: foodItems.soldAtCounter,
  retired_at: foodItems.retiredAt,
  /** Raised by every save of the item; the dialog's save sends it as If-Match (decision 0057). */
  version: foodItems.version,
};

export const foodItemResource = defineResource("food_item", {
  table: foodItems,
  id: "id",
  idSchema: z.uuid(),
  readable: foodItemColumns,
  filters: ["id", "weekly_menu_id", "day_of_week"],
  search: ["name", "description"],
  sorts: ["name", "price", "day_of_week", "preparation_time"],
  defaultSort: "day_of_week",
  access: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
  // Replaced items already on orders are off the menu; orders still read them by id.
  listScope: isNull(foodItems.retiredAt),
  // The declaration is the food-item dialog's to write (`PUT /api/admin/menus/…/food-item`);
  // here a food item is answered with it, never written with it (decision 0041).
  internal: ["diet", "allergens_checked_by", "allergens_checked_at"],
  present: withDeclarations,
  required: checkFoodItemRequired,
  createInput: foodItemInput,
  updateInput: foodItemUpdateInput,
  check: checkFoodItem,
  update: updateFoodItem,
});

export const weeklyMenuResource = defineResource("weekly_menu", {
  table: weeklyMenus,
  id: "id",
  idSchema: z.uuid(),
  readable: {
    id: weeklyMenus.id,
    date_from: weeklyMenus.dateFrom,
    date_to: weeklyMenus.dateTo,
    kantien_staff_id: weeklyMenus.kantienStaffId,
    creation_date: weeklyMenus.creationDate,
  },
  filters: ["id", "date_from", "date_to", "kantien_staff_id"],
  sorts: ["date_from", "date_to", "creation_date"],
  defaultSort: "date_from",
  access: { list: "staff", get: "staff", create: "admin", update: "admin", delete: "admin" },
  createInput: weeklyMenuInput,
  updateInput: weeklyMenuUpdateInput,
  // Two admins creating the same week at once both pass the check; the unique index
  // refuses the second with the check's own 409.
  check: checkWeeklyMenu,
  prepareCreate: (input, actor) => ({
    date_from: input.date_from,
    date_to: input.date_to,
    kantien_staff_id: actor.id,
  }),
});
