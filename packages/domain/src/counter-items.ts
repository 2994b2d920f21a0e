import { z } from "zod";
import { imageUrl } from "./admin-data";
import { allergenDeclarationSchema, allergensCheckedSchema, dietSchema } from "./allergens";
import { dataAnswer, isoDateText, randText } from "./api";
import { DATE_MAX, DATE_MIN, isIsoDate } from "./dates";
import { randAmount } from "./money-input";
import { text } from "./text";

/*
 * What the counter sells besides the week's menu (docs/decisions/0070-counter-items.md): drinks,
 * snacks, fruit, each with a price, a category, its allergens as a dish declares them, whether it
 * is on sale, and a day's stock.
 */

/** The categories the counter's grid groups by; an admin may write another. */
export const COUNTER_CATEGORIES = ["Drankies", "Peuselhappies", "Vrugte", "Gebak"] as const;

/** The most stock of one item a day. */
export const COUNTER_STOCK_MAX = 10_000;

/** `POST /api/counter-items`, `PUT /api/counter-items/:id` (admins). */
export const counterItemInput = z.strictObject({
  name: text().trim().min(1, "counter_item_name_required").max(100, "counter_item_name_required"),
  price: randAmount(10_000, "counter_item_price_invalid"),
  category: text().trim().max(40, "counter_item_category_invalid").default(""),
  onSale: z.boolean().default(true),
  /** Its stock carries over to the next days (cans, packets); else it is set per day. */
  stockCarries: z.boolean().default(false),
  /** Its picture on the counter's tile: an uploaded image or a web address; null or left out, none. */
  imageUrl: imageUrl.optional().transform((value) => value ?? null),
  allergens: allergenDeclarationSchema.default([]),
  diet: dietSchema.default([]),
  /** True: the admin saving it checked the declaration; false or left out: not checked. */
  allergensConfirmed: z.boolean().default(false),
});
export type CounterItemInput = z.input<typeof counterItemInput>;

export const counterItem = z.object({
  id: z.string(),
  name: z.string(),
  price: randText,
  category: z.string(),
  onSale: z.boolean(),
  stockCarries: z.boolean(),
  imageUrl: z.string().nullable(),
  allergens: allergenDeclarationSchema,
  diet: dietSchema,
  /** Who confirmed the declaration and when; null until an admin does (unknown is unsafe). */
  allergensChecked: allergensCheckedSchema,
  /** The stock that holds on the day asked for (that day's, or carried over); null when none (no cap). */
  stock: z.number().int().nullable(),
  /** What is left of it that day; null without a stock. */
  left: z.number().int().nullable(),
});
export type CounterItem = z.infer<typeof counterItem>;

export const counterItemsQuery = z.strictObject({
  date: z
    .string()
    .refine((value) => isIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX, "invalid_date")
    .optional(),
});
export const counterItemsAnswer = dataAnswer(z.object({ date: isoDateText, items: z.array(counterItem) }));
export const counterItemAnswer = dataAnswer(counterItem).extend({ message: z.string() });

/** `PUT /api/counter-items/:id/stock` (admins): a day's stock, or none (null), and why it changes. */
export const counterStockInput = z.strictObject({
  date: z
    .string()
    .refine((value) => isIsoDate(value) && value >= DATE_MIN && value <= DATE_MAX, "invalid_date"),
  quantity: z
    .number("counter_stock_invalid")
    .int("counter_stock_invalid")
    .min(0, "counter_stock_invalid")
    .max(COUNTER_STOCK_MAX, "counter_stock_invalid")
    .nullable(),
  reason: text().trim().min(3, "counter_stock_reason_required").max(200, "counter_stock_reason_required"),
});
export type CounterStockInput = z.input<typeof counterStockInput>;
