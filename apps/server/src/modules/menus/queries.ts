import type {
  FoodItemDeclaration,
  FoodItemDeclarationInput,
  FoodItemInput,
  FoodItemSaveInput,
} from "@kantien/domain/admin-data";
import { addDaysIso, type IsoDate, type Weekday } from "@kantien/domain/dates";
import { copyableWeekdays, validateWeeklyMenuDates } from "@kantien/domain/weekly-menu";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { foodItemAllergens, foodItems, weeklyMenus } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { MailConfig } from "../../mail/letter";
import { claimVersion } from "../../record-version";
import type { RowOf } from "../data/resources";
import { alertGained, openOrderAlerts, tellAllergensChanged } from "../orders/allergens-changed";
import { assertPortionsCoverOrders } from "../orders/portions";
import { foodItemColumns, isFoodItemOrdered } from "./data-resources";
import {
  declarationChanged,
  declarationOf,
  dietColumn,
  editedItemCheck,
  newItemCheck,
  sameDeclaration,
  withDeclarations,
  writeDeclaration,
} from "./declarations";

export type FoodItemRow = RowOf<typeof foodItemColumns>;

type FoodItemFields = Omit<FoodItemInput, "weekly_menu_id" | "day_of_week"> & FoodItemDeclarationInput;
type SavedFoodItem = { item: FoodItemRow & FoodItemDeclaration; replaced: string | null; notified: number };
/**
 * Who saves, and when by the canteen's clock: the declaration's check records both; the day it
 * is in the canteen (the open orders a change of the allergens touches) and where mails link.
 */
type Saver = { actorId: string; now: Date; today: IsoDate; mail: MailConfig };

/** The item `where` names as every answer carries it, or null: what a stale refusal answers. */
async function currentItem(tx: Tx, where: SQL | undefined): Promise<SavedFoodItem["item"] | null> {
  const [row] = await tx.select(foodItemColumns).from(foodItems).where(where);
  return row ? ((await withDeclarations(tx, [row]))[0] ?? null) : null;
}

/**
 * The food-item dialog's one save (decision 0028): an edit of the item `id`, which moves it
 * to the day if the day is free; or a new item on the day, in place of the day's item when
 * `replace` says the admin confirmed it, else only on an empty day (409 food_item_day_taken).
 * `expected` (the If-Match) is the version of the item edited or replaced as the dialog loaded
 * it: another save of it meanwhile is 409 stale with the item as it now is (decision 0057).
 */
export async function saveFoodItem(
  db: Db,
  {
    menuId,
    dayOfWeek,
    input,
    saver,
    expected = null,
  }: { menuId: string; dayOfWeek: Weekday; input: FoodItemSaveInput; saver: Saver; expected?: number | null },
): Promise<SavedFoodItem> {
  const { id, replace, touchedOrdersConfirmed, weekly_menu_id: _menu, day_of_week: _day, ...fields } = input;
  if (id !== undefined) {
    const confirmed = touchedOrdersConfirmed === true;
    return {
      ...(await editFoodItem(db, { id, menuId, dayOfWeek, fields, saver, expected, confirmed })),
      replaced: null,
    };
  }
  return replaceFoodItem(db, {
    menuId,
    dayOfWeek,
    input: fields,
    replace: replace === true,
    saver,
    expected,
  });
}

/**
 * Changes the menu's live item `id` and puts it on `dayOfWeek`; a field left out stays, a
 * null image clears it. Another item on that day is the unique index's 409 food_item_day_taken.
 * A changed name, description or allergen list clears the declaration's check unless the admin
 * confirms it in the same save (decision 0041).
 * A change of the allergens, or a check cleared, with open orders of the dish is saved only when
 * `confirmed` (the admin saw the counts: else 409 food_item_orders_touched, nothing saved); the
 * customers whose orders it gives a new alert are told (`notified`), and every open order's
 * event goes out, as for any change of the declaration or its check (decision 0041).
 */
async function editFoodItem(
  db: Db,
  {
    id,
    menuId,
    dayOfWeek,
    fields,
    saver,
    expected,
    confirmed,
  }: {
    id: string;
    menuId: string;
    dayOfWeek: Weekday;
    fields: FoodItemFields;
    saver: Saver;
    expected: number | null;
    confirmed: boolean;
  },
): Promise<Omit<SavedFoodItem, "replaced">> {
  return db.transaction(async (tx) => {
    const live = and(eq(foodItems.id, id), eq(foodItems.weeklyMenuId, menuId), isNull(foodItems.retiredAt));
    await claimVersion(tx, {
      table: foodItems,
      where: live!,
      expected,
      current: () => currentItem(tx, live),
    });
    const [before] = await tx
      .select({
        name: foodItems.name,
        description: foodItems.description,
        checked: sql<boolean>`${foodItems.allergensCheckedAt} is not null`,
      })
      .from(foodItems)
      .where(live)
      .for("update");
    if (!before) throw notFound();
    await assertPortionsCoverOrders(tx, { foodItemId: id, portions: fields.portions });
    const declared = await declarationOf(tx, id);
    const check = editedItemCheck(
      declarationChanged({ ...before, allergens: declared }, fields),
      fields.allergensConfirmed,
      saver.actorId,
      saver.now,
    );
    // What an order's alert is read from: the declaration and whether it is checked.
    const allergensChanged = fields.allergens !== undefined && !sameDeclaration(fields.allergens, declared);
    const checkedAfter = "allergensCheckedAt" in check ? check.allergensCheckedAt !== null : before.checked;
    const alertsMove = allergensChanged || checkedAfter !== before.checked;
    const openBefore = alertsMove ? await openOrderAlerts(tx, { foodItemId: id, today: saver.today }) : [];
    const [item] = await tx
      .update(foodItems)
      .set({
        name: fields.name,
        description: fields.description,
        price: fields.price,
        dayOfWeek,
        ...(fields.image_url === undefined ? {} : { imageUrl: fields.image_url }),
        ...(fields.preparation_time === undefined ? {} : { preparationTime: fields.preparation_time }),
        ...(fields.portions === undefined ? {} : { portions: fields.portions }),
        ...(fields.sold_at_counter === undefined ? {} : { soldAtCounter: fields.sold_at_counter }),
        ...dietColumn(fields.diet),
        ...check,
      })
      .where(live)
      .returning(foodItemColumns);
    if (!item) throw notFound();
    if (fields.allergens !== undefined) await writeDeclaration(tx, id, fields.allergens);
    const [answered] = await withDeclarations(tx, [item]);
    if (openBefore.length === 0) return { item: answered!, notified: 0 };
    const openAfter = await openOrderAlerts(tx, { foodItemId: id, today: saver.today });
    // A confirmed check alone only takes alerts away: it asks nothing.
    if ((allergensChanged || !checkedAfter) && !confirmed) {
      // Those whose alert gains an allergen: the orders whose customers would be told.
      const was = new Map(openBefore.map((order) => [order.id, order]));
      const alerted = openAfter.filter((order) => alertGained(was.get(order.id), order)).length;
      // Thrown inside the transaction: the save rolls back and changes nothing.
      throw new AppError("food_item_orders_touched", { orders: openAfter.length, alerted }, () => ({
        orders: String(openAfter.length),
        alerted: String(alerted),
      }));
    }
    const notified = await tellAllergensChanged(tx, {
      before: openBefore,
      after: openAfter,
      now: saver.now,
      mail: saver.mail,
    });
    return { item: answered!, notified };
  });
}

export type ReplaceFoodItemParams = {
  menuId: string;
  dayOfWeek: Weekday;
  input: FoodItemFields;
  /** Whether the day's item may go; without it a taken day is 409 food_item_day_taken. */
  replace: boolean;
  saver: Saver;
  /** The version of the day's item the replacement was confirmed against (decision 0057). */
  expected?: number | null;
};

/**
 * Puts `input` on the menu's day in one transaction: the day's active item is locked, then
 * deleted, or retired when it is already on orders (decision 0006), and the new item is
 * inserted. Any failure rolls back the whole, so the old item stays on the menu. The day's only
 * state is its item, so the new item goes on from the replaced one's version: a replacement
 * confirmed against an item saved or replaced meanwhile is 409 stale (decision 0057).
 */
export async function replaceFoodItem(
  db: Db,
  { menuId, dayOfWeek, input, replace, saver, expected = null }: ReplaceFoodItemParams,
): Promise<SavedFoodItem> {
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
    if (old && !replace) throw new AppError("food_item_day_taken");
    const oldItem = old ? eq(foodItems.id, old.id) : undefined;
    const version = oldItem
      ? await claimVersion(tx, {
          table: foodItems,
          where: oldItem,
          expected,
          current: () => currentItem(tx, oldItem),
        })
      : 1;
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
        portions: input.portions ?? null,
        soldAtCounter: input.sold_at_counter ?? false,
        ...dietColumn(input.diet),
        ...newItemCheck(input.allergensConfirmed, saver.actorId, saver.now),
        version,
      })
      .returning(foodItemColumns);
    if (!item) throw notFound();
    await writeDeclaration(tx, item.id, input.allergens ?? []);
    const [answered] = await withDeclarations(tx, [item]);
    // The replaced dish's orders keep it, and its declaration: nobody's alert changes.
    return { item: answered!, replaced: old?.id ?? null, notified: 0 };
  });
}

export type CopiedWeek = { menuId: string; dateFrom: IsoDate; dateTo: IsoDate; copied: number };

/**
 * "Kopieer verlede week": the previous week's dishes (name, description, price, image,
 * preparation time, and their allergen declaration, diet and check, decision 0041) onto the same weekdays of the week starting `week`, in one transaction.
 * Only days after today take a dish. A missing target menu is made under the weekly-menu date
 * rules; a target that already has a dish is refused (409 menu_copy_target_not_empty), never
 * merged, so nothing is duplicated or overwritten unseen (decision 0039).
 */
export async function copyPreviousWeek(
  db: Db,
  { week, today, actorId }: { week: IsoDate; today: IsoDate; actorId: string },
): Promise<CopiedWeek> {
  const days = copyableWeekdays(week, today);
  if (days.length === 0) throw new AppError("menu_copy_no_days_left");
  const dateTo = addDaysIso(week, 4);
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select({ id: weeklyMenus.id })
      .from(weeklyMenus)
      .where(eq(weeklyMenus.dateFrom, addDaysIso(week, -7)));
    const dishes = source
      ? await tx
          .select()
          .from(foodItems)
          .where(
            and(
              eq(foodItems.weeklyMenuId, source.id),
              isNull(foodItems.retiredAt),
              inArray(foodItems.dayOfWeek, days),
            ),
          )
      : [];
    if (dishes.length === 0) throw new AppError("menu_copy_source_empty");

    let [target] = await tx
      .select({ id: weeklyMenus.id })
      .from(weeklyMenus)
      .where(and(eq(weeklyMenus.dateFrom, week), eq(weeklyMenus.dateTo, dateTo)))
      .for("update");
    if (!target) {
      const code = validateWeeklyMenuDates({ dateFrom: week, dateTo }, today, []);
      if (code) throw new AppError(code);
      // Two copies at once: the second meets the dates' unique index, answered 409 weekly_menu_exists.
      [target] = await tx
        .insert(weeklyMenus)
        .values({ dateFrom: week, dateTo, kantienStaffId: actorId })
        .returning({ id: weeklyMenus.id });
      if (!target) throw notFound();
    } else {
      const [taken] = await tx
        .select({ id: foodItems.id })
        .from(foodItems)
        .where(and(eq(foodItems.weeklyMenuId, target.id), isNull(foodItems.retiredAt)))
        .limit(1);
      if (taken) throw new AppError("menu_copy_target_not_empty");
    }
    const menuId = target.id;
    const copies = await tx
      .insert(foodItems)
      .values(
        dishes.map((dish) => ({
          name: dish.name,
          description: dish.description,
          price: dish.price,
          imageUrl: dish.imageUrl,
          dayOfWeek: dish.dayOfWeek,
          preparationTime: dish.preparationTime,
          portions: dish.portions,
          soldAtCounter: dish.soldAtCounter,
          weeklyMenuId: menuId,
          // The same dish, the same declaration: its check stays with it.
          diet: dish.diet,
          allergensCheckedBy: dish.allergensCheckedBy,
          allergensCheckedAt: dish.allergensCheckedAt,
        })),
      )
      .returning({ id: foodItems.id, dayOfWeek: foodItems.dayOfWeek });
    const declared = await tx
      .select()
      .from(foodItemAllergens)
      .where(
        inArray(
          foodItemAllergens.foodItemId,
          dishes.map((dish) => dish.id),
        ),
      );
    const copyOf = new Map(
      dishes.map((dish) => [dish.id, copies.find((copy) => copy.dayOfWeek === dish.dayOfWeek)!.id]),
    );
    if (declared.length > 0) {
      await tx
        .insert(foodItemAllergens)
        .values(declared.map((entry) => ({ ...entry, foodItemId: copyOf.get(entry.foodItemId)! })));
    }
    return { menuId, dateFrom: week, dateTo, copied: dishes.length };
  });
}
