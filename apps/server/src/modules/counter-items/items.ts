import { allergenDeclarationSchema, dietSchema } from "@kantien/domain/allergens";
import type { CounterItem, CounterItemInput, CounterStockInput } from "@kantien/domain/counter-items";
import { counterItemInput } from "@kantien/domain/counter-items";
import type { IsoDate } from "@kantien/domain/dates";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { counterItemStock, counterItems, counterStockChanges } from "../../db/schema";
import { AppError, notFound } from "../../errors";

/* The counter's items and their stock per day (decision 0070). */

const itemRow = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  category: z.string(),
  onSale: z.boolean(),
  imageUrl: z.string().nullable(),
  allergens: allergenDeclarationSchema,
  diet: dietSchema,
  checkedBy: z.string().nullable(),
  checkedAt: timestampColumn.nullable(),
  stockCarries: z.boolean(),
  stock: z.number().int().nullable(),
  left: z.number().int().nullable(),
});

function toItem({ checkedBy, checkedAt, ...row }: z.infer<typeof itemRow>): CounterItem {
  return { ...row, allergensChecked: checkedAt === null ? null : { by: checkedBy ?? "", at: checkedAt } };
}

/** What the counter sales not voided from `from` to `to` took of the item aliased `item` (decision 0071). */
function soldBetween(item: SQL, from: SQL, to: IsoDate) {
  return sql`(select coalesce(sum(l.quantity), 0) from counter_sale_lines l
              join counter_sales s on s.id = l.sale_id
              where l.counter_item_id = ${item}.id and s.voided_at is null
                and s.date between ${from} and ${to}::date)`;
}

/**
 * The stock that holds on `date` for the item aliased `item`, joined as `stock`: that day's; for
 * an item whose stock carries over (`stock_carries`), the last one set on or before it.
 */
export function stockOn(item: SQL, date: IsoDate) {
  return sql`left join lateral (
      select st.quantity, st.date from counter_item_stock st
      where st.counter_item_id = ${item}.id
        and (st.date = ${date}::date or (${item}.stock_carries and st.date < ${date}::date))
      order by st.date desc limit 1) stock on true`;
}

/**
 * What is left on `date` of the item aliased `item` under its `stock` (`stockOn`): null without
 * a stock (no cap), else the stock less what the sales not voided took since it was set, never
 * below zero.
 */
export function stockLeftColumn(item: SQL, date: IsoDate) {
  return sql`case when stock.quantity is null then null
              else greatest(stock.quantity - ${soldBetween(item, sql`stock.date`, date)}, 0)::int end`;
}

function selectItems(date: IsoDate, id?: string) {
  return sql`select i.id, i.name, i.price::text as price, i.category, i.on_sale as "onSale", i.image_url as "imageUrl", i.allergens,
               i.diet::text[] as diet,
               case when i.allergens_checked_at is not null
                 then coalesce(c.first_name || ' ' || c.last_name, '') end as "checkedBy",
               i.allergens_checked_at as "checkedAt", i.stock_carries as "stockCarries", stock.quantity as stock,
               ${stockLeftColumn(sql`i`, date)} as left
             from counter_items i
             left join users c on c.id = i.allergens_checked_by
             ${stockOn(sql`i`, date)}
             ${id ? sql`where i.id = ${id}` : sql``}
             order by i.category, i.name, i.id`;
}

/** The counter's items with their stock on `date`, by category and name. */
export async function listCounterItems(db: Db, date: IsoDate): Promise<CounterItem[]> {
  return (await queryRows(db, selectItems(date), itemRow)).map(toItem);
}

async function itemOn(db: Db | Tx, id: string, date: IsoDate): Promise<CounterItem> {
  const [row] = await queryRows(db, selectItems(date, id), itemRow);
  if (!row) throw notFound();
  return toItem(row);
}

/** A name the counter already has, in any case: 409, before the unique index would say it. */
async function assertNameFree(tx: Tx, name: string, except?: string) {
  const [taken] = await queryRows(
    tx,
    sql`select 1 as one from counter_items where lower(name) = lower(${name})
        ${except ? sql`and id <> ${except}` : sql``}`,
    z.object({ one: z.number() }),
  );
  if (taken) throw new AppError("counter_item_name_taken");
}

type Saver = { actorId: string; now: Date; today: IsoDate };

/**
 * Adds or changes a counter item. The declaration is checked only when the admin saving it says
 * so (`allergensConfirmed`); otherwise it is saved unchecked, as a dish is (decision 0041).
 */
export async function saveCounterItem(
  db: Db,
  { id, input, saver }: { id: string | null; input: CounterItemInput; saver: Saver },
): Promise<CounterItem> {
  const item = counterItemInput.parse(input);
  return db.transaction(async (tx) => {
    await assertNameFree(tx, item.name, id ?? undefined);
    const values = {
      name: item.name,
      price: item.price,
      category: item.category,
      onSale: item.onSale,
      stockCarries: item.stockCarries,
      imageUrl: item.imageUrl,
      allergens: item.allergens,
      diet: item.diet,
      allergensCheckedBy: item.allergensConfirmed ? saver.actorId : null,
      allergensCheckedAt: item.allergensConfirmed ? saver.now : null,
    };
    if (id === null) {
      const [created] = await tx.insert(counterItems).values(values).returning({ id: counterItems.id });
      return itemOn(tx, created!.id, saver.today);
    }
    const updated = await tx
      .update(counterItems)
      .set(values)
      .where(sql`${counterItems.id} = ${id}`)
      .returning({ id: counterItems.id });
    if (updated.length === 0) throw notFound();
    return itemOn(tx, id, saver.today);
  });
}

/** Sets (or clears, `quantity` null) an item's stock for a day, recording the change and why. */
export async function setCounterStock(
  db: Db,
  { id, input, actorId }: { id: string; input: CounterStockInput; actorId: string },
): Promise<CounterItem> {
  return db.transaction(async (tx) => {
    const [item] = await queryRows(
      tx,
      sql`select id from counter_items where id = ${id} for update`,
      z.object({ id: z.string() }),
    );
    if (!item) throw notFound();
    const [before] = await queryRows(
      tx,
      sql`select quantity from counter_item_stock where counter_item_id = ${id} and date = ${input.date}::date`,
      z.object({ quantity: z.number().int() }),
    );
    const [sold] = await queryRows(
      tx,
      sql`select ${soldBetween(sql`i`, sql`${input.date}::date`, input.date)}::int as sold from counter_items i where i.id = ${id}`,
      z.object({ sold: z.number().int() }),
    );
    if (input.quantity !== null && sold && input.quantity < sold.sold) {
      throw new AppError("counter_stock_below_sold", { sold: sold.sold }, () => ({
        sold: String(sold.sold),
      }));
    }
    if (input.quantity === null) {
      await tx
        .delete(counterItemStock)
        .where(
          sql`${counterItemStock.counterItemId} = ${id} and ${counterItemStock.date} = ${input.date}::date`,
        );
    } else {
      await tx
        .insert(counterItemStock)
        .values({ counterItemId: id, date: input.date, quantity: input.quantity })
        .onConflictDoUpdate({
          target: [counterItemStock.counterItemId, counterItemStock.date],
          set: { quantity: input.quantity },
        });
    }
    await tx.insert(counterStockChanges).values({
      counterItemId: id,
      date: input.date,
      fromQuantity: before?.quantity ?? null,
      toQuantity: input.quantity,
      reason: input.reason,
      changedBy: actorId,
    });
    return itemOn(tx, id, input.date);
  });
}
