import { randomUUID } from "node:crypto";
import { type AllergenWarning, allergenDeclarationSchema } from "@kantien/domain/allergens";
import {
  basketTotal,
  type CounterSale,
  type CounterSaleInput,
  type OnSaleItem,
  SALE_METHODS,
  type SaleCustomer,
  saleLineKey,
} from "@kantien/domain/counter-sales";
import { type IsoDate, WEEKDAYS, weekdayOf } from "@kantien/domain/dates";
import { randDifference } from "@kantien/domain/money";
import { isCustomerRole } from "@kantien/domain/roles";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows, type Tx, timestampColumn } from "../../db/client";
import { counterSaleLines, counterSales } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { MailContext } from "../../mail/letter";
import { stockLeftColumn, stockOn } from "../counter-items/items";
import { checkLearnerLimits, limitsToday } from "../guardians/limits";
import { cardHolder } from "../learner-cards/cards";
import {
  allowedByAllergies,
  counterItemWarningsFor,
  declarationColumn,
  dishWarningsFor,
} from "../orders/allergy-match";
import { lockOrderingCustomer } from "../orders/create";
import { isCapped, portionsLeftColumn, takePortions } from "../orders/portions";
import { type Actor, notifyPortionsLeft } from "../orders/service";
import { moveWalletMoney, walletBalance } from "../wallets/ledger";
import { mailOnLowBalance } from "../wallets/low-balance-mail";

/* The counter's sales at break (docs/decisions/0071-the-counter-sells.md). */

const onSaleRow = z.object({
  foodItemId: z.string().nullable(),
  counterItemId: z.string().nullable(),
  name: z.string(),
  price: z.string(),
  category: z.string(),
  imageUrl: z.string().nullable(),
  allergens: allergenDeclarationSchema,
  allergensChecked: z.boolean(),
  left: z.number().int().nullable(),
});

/**
 * What the counter can sell on `date`: that day's dishes an admin put on sale at the counter, then
 * the counter items on sale, each with what is left (null: no cap). One read.
 */
export async function listOnSale(db: Db, date: IsoDate): Promise<OnSaleItem[]> {
  const weekday = weekdayOf(date);
  // A weekend has no menu day: no dishes.
  const onItsDay = weekday ? sql`f.day_of_week = ${weekday}` : sql`false`;
  const dishes = sql`select f.id as "foodItemId", null::uuid as "counterItemId", f.name, f.price::text as price,
             ''::text as category, f.image_url as "imageUrl",
             ${declarationColumn(sql`f.id`)} as allergens, f.allergens_checked_at is not null as "allergensChecked",
             ${portionsLeftColumn(sql`f`)} as left, 0 as rank
           from food_items f join weekly_menus m on m.id = f.weekly_menu_id
           where m.date_from <= ${date}::date and m.date_to >= ${date}::date
             and ${onItsDay} and f.retired_at is null and f.sold_at_counter`;
  const rows = await queryRows(
    db,
    sql`select "foodItemId", "counterItemId", name, price, category, "imageUrl", allergens, "allergensChecked", "left"
        from (${dishes}
          union all
          select null::uuid, i.id, i.name, i.price::text, i.category, i.image_url,
                 i.allergens::json, i.allergens_checked_at is not null,
                 ${stockLeftColumn(sql`i`, date)}, 1
          from counter_items i
          ${stockOn(sql`i`, date)}
          where i.on_sale) on_sale
        order by rank, category, name`,
    onSaleRow,
  );
  return rows.map((row) => ({ ...row, key: saleLineKey(row) }));
}

/** A basket's line as the sale takes it: one per item, the quantities of a repeated item added. */
type BasketLine = { foodItemId: string | null; counterItemId: string | null; quantity: number };

function basketLines(input: CounterSaleInput): BasketLine[] {
  const byKey = new Map<string, BasketLine>();
  for (const line of input.lines) {
    const item =
      "foodItemId" in line
        ? { foodItemId: line.foodItemId, counterItemId: null }
        : { foodItemId: null, counterItemId: line.counterItemId };
    const key = saleLineKey(item);
    const before = byKey.get(key);
    byKey.set(key, { ...item, quantity: (before?.quantity ?? 0) + line.quantity });
  }
  // In the order of their keys: two sales lock the same rows in the same order, never crosswise.
  return [...byKey.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
}

/** A line priced and taken from its dish's portions or its item's stock, under the item's row lock. */
type PricedLine = BasketLine & { name: string; price: string };

async function takeDish(
  tx: Tx,
  line: BasketLine & { foodItemId: string },
  today: IsoDate,
): Promise<PricedLine> {
  // As an order does: a capped dish is locked for update, so what it has left is taken one by one.
  const capped = await isCapped(tx, line.foodItemId);
  const [dish] = await queryRows(
    tx,
    sql`select f.name, f.price::text as price, f.day_of_week as "dayOfWeek",
          m.date_from <= ${today}::date and m.date_to >= ${today}::date as "thisWeek", f.sold_at_counter as "atCounter"
        from food_items f join weekly_menus m on m.id = f.weekly_menu_id
        where f.id = ${line.foodItemId} and f.retired_at is null
        for ${capped ? sql`update` : sql`share`} of f`,
    z.object({
      name: z.string(),
      price: z.string(),
      dayOfWeek: z.enum(WEEKDAYS),
      thisWeek: z.boolean(),
      atCounter: z.boolean(),
    }),
  );
  if (!dish?.atCounter || !dish.thisWeek || dish.dayOfWeek !== weekdayOf(today)) {
    throw new AppError("sale_item_unavailable", { foodItemId: line.foodItemId });
  }
  if (capped) await takePortions(tx, { foodItemId: line.foodItemId, quantity: line.quantity });
  return { ...line, name: dish.name, price: dish.price };
}

async function takeCounterItem(
  tx: Tx,
  line: BasketLine & { counterItemId: string },
  today: IsoDate,
): Promise<PricedLine> {
  // Locked for update: a stock set, and another counter's sale of the item, wait for this one.
  const [locked] = await queryRows(
    tx,
    sql`select id from counter_items where id = ${line.counterItemId} and on_sale for update`,
    z.object({ id: z.string() }),
  );
  if (!locked) throw new AppError("sale_item_unavailable", { counterItemId: line.counterItemId });
  const [item] = await queryRows(
    tx,
    sql`select i.name, i.price::text as price, ${stockLeftColumn(sql`i`, today)} as left
        from counter_items i
        ${stockOn(sql`i`, today)}
        where i.id = ${line.counterItemId}`,
    z.object({ name: z.string(), price: z.string(), left: z.number().int().nullable() }),
  );
  if (!item) throw new AppError("sale_item_unavailable", { counterItemId: line.counterItemId });
  if (item.left !== null && line.quantity > item.left) {
    const left = item.left;
    throw new AppError("sold_out", { left, counterItemId: line.counterItemId }, () => ({
      left: String(left),
    }));
  }
  return { ...line, name: item.name, price: item.price };
}

/** Whose wallet pays: the customer named, or the holder of the scanned card (404 when it names nobody). */
async function payingCustomer(tx: Tx, payment: CounterSaleInput["payment"]): Promise<string | null> {
  if (payment.method !== "wallet") return null;
  if ("customerId" in payment) return payment.customerId;
  const holder = await cardHolder(tx, payment.code);
  if (!holder) throw new AppError("learner_card_unknown");
  return holder;
}

/** Every allergy warning of the basket for the customer, read under the items' locks. */
async function basketWarnings(tx: Tx, lines: readonly PricedLine[], customerId: string) {
  const warnings: AllergenWarning[] = [];
  for (const line of lines) {
    warnings.push(
      ...(line.foodItemId
        ? await dishWarningsFor(tx, { foodItemId: line.foodItemId, customerId })
        : await counterItemWarningsFor(tx, { counterItemId: line.counterItemId!, customerId })),
    );
  }
  return warnings;
}

/** The next number of `date`'s sales: sales of one day are numbered one after the other. */
async function nextSaleNumber(tx: Tx, date: IsoDate): Promise<number> {
  // Taken last in the sale's transaction, so two counters wait for each other only for its commit.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kantien:counter-sale-number'))`);
  const [row] = await queryRows(
    tx,
    sql`select coalesce(max(number), 0)::int + 1 as next from counter_sales where date = ${date}::date`,
    z.object({ next: z.number().int() }),
  );
  return row?.next ?? 1;
}

/**
 * A sale at the counter, in the caller's transaction (decision 0071). Each line takes from its
 * dish's portions or its item's stock under the item's row lock (409 `sold_out` with what is
 * left); a wallet sale passes the learner's guardians' limits and the customer's allergies as an
 * order does, and debits the wallet once (409 `insufficient_balance`). Any refusal writes
 * nothing. Answers the sale's id.
 */
export async function createCounterSale(
  tx: Tx,
  {
    input,
    actor,
    today,
    now,
    mail,
  }: { input: CounterSaleInput; actor: Actor; today: IsoDate; now: Date; mail: MailContext },
): Promise<string> {
  const customerId = await payingCustomer(tx, input.payment);
  if (customerId) await lockOrderingCustomer(tx, customerId);
  const lines: PricedLine[] = [];
  for (const line of basketLines(input)) {
    lines.push(
      line.foodItemId
        ? await takeDish(tx, { ...line, foodItemId: line.foodItemId }, today)
        : await takeCounterItem(tx, { ...line, counterItemId: line.counterItemId! }, today),
    );
  }
  const total = basketTotal(lines);
  const saleId = randomUUID();
  let acknowledged = false;
  if (customerId) {
    await checkLearnerLimits(tx, {
      learnerId: customerId,
      purchase: {
        foodItemIds: lines.flatMap((line) => (line.foodItemId ? [line.foodItemId] : [])),
        counterItemIds: lines.flatMap((line) => (line.counterItemId ? [line.counterItemId] : [])),
      },
      day: today,
      total,
    });
    const warnings = await basketWarnings(tx, lines, customerId);
    acknowledged = allowedByAllergies(warnings, input.allergenAcknowledged) === "confirm";
    const charge = await moveWalletMoney(tx, {
      userId: customerId,
      amount: `-${total}`,
      kind: "order",
      counterSaleId: saleId,
      createdBy: actor.id,
      at: now,
    });
    if (charge === null) {
      const balance = await walletBalance(tx, customerId);
      throw new AppError("insufficient_balance", { balance, total, missing: randDifference(total, balance) });
    }
    await mailOnLowBalance(tx, mail, { userId: customerId, debited: total, after: charge.balanceAfter });
  }
  await tx.insert(counterSales).values({
    id: saleId,
    date: today,
    number: await nextSaleNumber(tx, today),
    method: input.payment.method,
    customerId,
    total,
    allergenAcknowledged: acknowledged,
    soldBy: actor.id,
    soldAt: now,
  });
  await tx.insert(counterSaleLines).values(
    lines.map((line) => ({
      saleId,
      foodItemId: line.foodItemId,
      counterItemId: line.counterItemId,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.price,
    })),
  );
  // Every menu hears what is left of a capped dish the counter sold.
  for (const line of lines) if (line.foodItemId) await notifyPortionsLeft(tx, line.foodItemId);
  return saleId;
}

const saleRow = z.object({
  id: z.string(),
  number: z.number().int(),
  date: z.string(),
  soldAt: timestampColumn,
  soldBy: z.string(),
  method: z.enum(SALE_METHODS),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  total: z.string(),
  balanceAfter: z.string().nullable(),
  allergenAcknowledged: z.boolean(),
  voidedAt: timestampColumn.nullable(),
  voidedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
  lines: z.array(
    z.object({
      foodItemId: z.string().nullable(),
      counterItemId: z.string().nullable(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.string(),
      total: z.string(),
    }),
  ),
});

function selectSales(where: ReturnType<typeof sql>) {
  return sql`select s.id, s.number, s.date::text as date, s.sold_at as "soldAt",
               coalesce(b.first_name || ' ' || b.last_name, '') as "soldBy", s.method,
               s.customer_id as "customerId", c.first_name || ' ' || c.last_name as "customerName",
               s.total::text as total,
               (select w.balance_after::text from wallet_transactions w
                where w.counter_sale_id = s.id and w.kind = 'order') as "balanceAfter",
               s.allergen_acknowledged as "allergenAcknowledged",
               s.voided_at as "voidedAt", coalesce(v.first_name || ' ' || v.last_name, '') as "voidedBy",
               s.void_reason as "voidReason",
               (select json_agg(json_build_object(
                  'foodItemId', l.food_item_id, 'counterItemId', l.counter_item_id, 'name', l.name,
                  'quantity', l.quantity, 'unitPrice', l.unit_price::text,
                  'total', (l.unit_price * l.quantity)::numeric(12, 2)::text) order by l.id)
                from counter_sale_lines l where l.sale_id = s.id) as lines
             from counter_sales s
             left join users b on b.id = s.sold_by
             left join users c on c.id = s.customer_id
             left join users v on v.id = s.voided_by
             where ${where}
             order by s.date desc, s.number desc`;
}

function toSale(row: z.infer<typeof saleRow>): CounterSale {
  return {
    id: row.id,
    number: row.number,
    date: row.date,
    soldAt: row.soldAt,
    soldBy: row.soldBy,
    method: row.method,
    customer: row.customerId ? { id: row.customerId, name: row.customerName ?? "" } : null,
    lines: row.lines,
    total: row.total,
    balanceAfter: row.balanceAfter,
    allergenAcknowledged: row.allergenAcknowledged,
    voided: row.voidedAt ? { at: row.voidedAt, by: row.voidedBy ?? "", reason: row.voidReason ?? "" } : null,
  };
}

/** The customer a wallet sale is for, with the balance now and their limits today; null when none orders. */
export async function saleCustomerOf(
  db: Db,
  { id, today }: { id: string; today: IsoDate },
): Promise<SaleCustomer | null> {
  const [customer] = await queryRows(
    db,
    sql`select u.id, u.first_name || ' ' || u.last_name as name, u.role_id as "roleId",
          coalesce(w.balance, 0)::numeric(12, 2)::text as balance
        from users u left join wallets w on w.user_id = u.id
        where u.id = ${id} and u.deleted_at is null`,
    z.object({ id: z.string(), name: z.string(), roleId: z.number().int(), balance: z.string() }),
  );
  if (!customer || !isCustomerRole(customer.roleId)) return null;
  return {
    id: customer.id,
    name: customer.name,
    balance: customer.balance,
    limits: await limitsToday(db, id, today),
  };
}

/** A sale as its receipt shows it. */
export async function counterSaleById(db: Db | Tx, id: string): Promise<CounterSale | null> {
  const [row] = await queryRows(db, selectSales(sql`s.id = ${id}`), saleRow);
  return row ? toSale(row) : null;
}

/** A day's sales, the last first. */
export async function listCounterSales(db: Db, date: IsoDate): Promise<CounterSale[]> {
  return (await queryRows(db, selectSales(sql`s.date = ${date}::date`), saleRow)).map(toSale);
}

/**
 * Voids a sale of today (admins), with a reason: a wallet gets its money back (a `refund` of the
 * sale, once by the ledger's unique index); cash or card is recorded as paid back by the voided
 * sale itself. Its lines no longer take from portions or stock.
 */
export async function voidCounterSale(
  db: Db,
  { id, reason, actor, today, now }: { id: string; reason: string; actor: Actor; today: IsoDate; now: Date },
): Promise<CounterSale> {
  return db.transaction(async (tx) => {
    const [sale] = await queryRows(
      tx,
      sql`select date::text as date, customer_id as "customerId", total::text as total,
            voided_at is not null as voided
          from counter_sales where id = ${id} for update`,
      z.object({
        date: z.string(),
        customerId: z.string().nullable(),
        total: z.string(),
        voided: z.boolean(),
      }),
    );
    if (!sale) throw notFound();
    if (sale.voided) throw new AppError("sale_already_voided");
    if (sale.date !== today) throw new AppError("sale_void_not_today");
    if (sale.customerId) {
      await moveWalletMoney(tx, {
        userId: sale.customerId,
        amount: sale.total,
        kind: "refund",
        counterSaleId: id,
        reason,
        createdBy: actor.id,
        at: now,
      });
    }
    await tx
      .update(counterSales)
      .set({ voidedAt: now, voidedBy: actor.id, voidReason: reason })
      .where(sql`${counterSales.id} = ${id}`);
    // Its dishes' portions are free again: every menu hears it.
    const dishes = await queryRows(
      tx,
      sql`select distinct food_item_id as id from counter_sale_lines where sale_id = ${id} and food_item_id is not null`,
      z.object({ id: z.string() }),
    );
    for (const dish of dishes) await notifyPortionsLeft(tx, dish.id);
    const voided = await counterSaleById(tx, id);
    if (!voided) throw new Error("voided sale not found");
    return voided;
  });
}
