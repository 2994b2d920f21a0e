import { z } from "zod";
import { allergenDeclarationSchema } from "./allergens";
import { dataAnswer, isoDateText, randText, timestamp } from "./api";
import { lineTotal } from "./money";
import { limitsToday } from "./my";
import { text } from "./text";

/*
 * What the counter sells at break (docs/decisions/0071-the-counter-sells.md): a basket of today's
 * dishes on sale at the counter and counter items, paid from a customer's wallet or in cash or by
 * card.
 */

/** How a counter sale is paid: a wallet debit, or money taken at the counter (no customer). */
export const SALE_METHODS = ["wallet", "cash", "card"] as const;
export type SaleMethod = (typeof SALE_METHODS)[number];

/** The most of one line, and lines, in one sale: a break's basket, not a catering order. */
export const SALE_QUANTITY_MAX = 20;
export const SALE_LINES_MAX = 20;

const quantity = z
  .number("sale_quantity_invalid")
  .int("sale_quantity_invalid")
  .min(1, "sale_quantity_invalid")
  .max(SALE_QUANTITY_MAX, "sale_quantity_invalid");

/** One line of the basket: a dish of today or a counter item, and how many. */
export const saleLineInput = z.union([
  z.strictObject({ foodItemId: z.uuid("sale_item_unavailable"), quantity }),
  z.strictObject({ counterItemId: z.uuid("sale_item_unavailable"), quantity }),
]);
export type SaleLineInput = z.infer<typeof saleLineInput>;

/** `POST /api/counter/sales` (staff, with an Idempotency-Key). */
export const counterSaleInput = z.strictObject({
  lines: z.array(saleLineInput).min(1, "sale_empty").max(SALE_LINES_MAX, "sale_empty"),
  /** A wallet found by the customer's id, or by the code of their scanned card; or cash or card. */
  payment: z.union([
    z.strictObject({ method: z.literal("wallet"), customerId: z.uuid("order_customer_invalid") }),
    z.strictObject({
      method: z.literal("wallet"),
      code: text().trim().min(1, "learner_card_unknown").max(100, "learner_card_unknown"),
    }),
    z.strictObject({ method: z.enum(["cash", "card"]) }),
  ]),
  /** The cook confirmed the customer's allergies for this basket (asked, then recorded). */
  allergenAcknowledged: z.boolean("invalid_field").optional(),
});
export type CounterSaleInput = z.infer<typeof counterSaleInput>;

/** The key a line is known by in a basket and in a refusal's details. */
export function saleLineKey(line: { foodItemId?: string | null; counterItemId?: string | null }): string {
  return line.foodItemId ? `dish:${line.foodItemId}` : `item:${line.counterItemId}`;
}

/** The basket's total in rand, as the server charges it: price × quantity per line, summed in cents. */
export function basketTotal(lines: readonly { price: string; quantity: number }[]): string {
  const cents = lines.reduce((sum, line) => sum + Math.round(lineTotal(line.price, line.quantity) * 100), 0);
  return (cents / 100).toFixed(2);
}

/** Something the counter can sell now, with what is left of it (null: no cap). */
export const onSaleItem = z.object({
  /** `dish:<foodItemId>` or `item:<counterItemId>`. */
  key: z.string(),
  foodItemId: z.string().nullable(),
  counterItemId: z.string().nullable(),
  name: z.string(),
  price: randText,
  /** A counter item's category; empty for a dish of the day (the screen names it in its language). */
  category: z.string(),
  imageUrl: z.string().nullable(),
  allergens: allergenDeclarationSchema,
  /** Whether an admin checked the declaration; an unchecked one is unsafe for an allergic customer. */
  allergensChecked: z.boolean(),
  left: z.number().int().nullable(),
});
export type OnSaleItem = z.infer<typeof onSaleItem>;

/** `GET /api/counter/on-sale`: what the counter's grid offers today. */
export const onSaleAnswer = dataAnswer(z.object({ date: isoDateText, items: z.array(onSaleItem) }));

export const saleLine = z.object({
  foodItemId: z.string().nullable(),
  counterItemId: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: randText,
  total: randText,
});

/** A sale as the receipt and the day's list show it. */
export const counterSale = z.object({
  id: z.string(),
  /** The sale's number on the receipt, counted per day. */
  number: z.number().int(),
  date: isoDateText,
  soldAt: timestamp,
  soldBy: z.string(),
  method: z.enum(SALE_METHODS),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  lines: z.array(saleLine),
  total: randText,
  /** The wallet's balance right after the sale; null for cash and card. */
  balanceAfter: randText.nullable(),
  allergenAcknowledged: z.boolean(),
  voided: z.object({ at: timestamp, by: z.string(), reason: z.string() }).nullable(),
});
export type CounterSale = z.infer<typeof counterSale>;

export const counterSaleAnswer = dataAnswer(counterSale).extend({ message: z.string() });
export const counterSalesAnswer = dataAnswer(z.object({ date: isoDateText, sales: z.array(counterSale) }));

/**
 * `GET /api/counter/customers/:id`: the customer a wallet sale is for, as the counter needs them
 * before it sells: the balance now and what their guardians allow today (null: no limits).
 */
export const saleCustomer = z.object({
  id: z.string(),
  name: z.string(),
  balance: randText,
  limits: limitsToday.nullable(),
});
export type SaleCustomer = z.infer<typeof saleCustomer>;
export const saleCustomerAnswer = dataAnswer(saleCustomer);

/** `POST /api/counter/sales/:id/void` (admins, the same day). */
export const voidSaleInput = z.strictObject({
  reason: text().trim().min(3, "sale_void_reason_required").max(200, "sale_void_reason_required"),
});
