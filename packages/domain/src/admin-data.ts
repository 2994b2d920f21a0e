import { z } from "zod";
import { allergenDeclarationSchema, allergensCheckedSchema, dietSchema } from "./allergens";
import { dataAnswer, pageAnswer } from "./api";
import { signupInput } from "./auth";
import { isIsoDate, WEEKDAYS } from "./dates";
import { randAmount } from "./money-input";
import { roleIdSchema } from "./role-schemas";
import { multilineText, text } from "./text";

/**
 * The generic data API (decision 0004): the resource names (`user`, `order`, `food_item` …), and
 * the bodies a client may send. The server checks who may write what on top of these shapes.
 */
export const RESOURCE_NAMES = [
  "user",
  "order",
  "food_item",
  "weekly_menu",
  "wallet",
  "client",
  "role",
  "kantien_staff",
] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** A list page: `data` holds at most `limit` rows, `total` counts all matching rows. */
export const DATA_LIST_DEFAULT_LIMIT = 50;
export const DATA_LIST_MAX_LIMIT = 500;

const { first_name, last_name, email, phone_number } = signupInput.shape;
const isoDate = z.string().refine(isIsoDate, "validation_failed");

/** A price: rand as typed ("47,50" or "47.50") or a number, below R100 000 000; stored and returned as "47.50". */
export const priceInput = z
  .union([z.number().transform(String), z.string()])
  .pipe(randAmount(99_999_999.99, "food_item_price_invalid"));

/** An uploaded image (`/uploads/…`) or a web address; nothing else ends up in an img src. */
export const imageUrl = text()
  .trim()
  .max(1000, "food_item_image_url_invalid")
  .regex(/^(\/|https?:\/\/)/, "food_item_image_url_invalid")
  .nullable();

/** user: the customer and staff forms send the same fields. */
export const userInput = z.object({ first_name, last_name, email, phone_number, role_id: roleIdSchema });
export type UserInput = z.infer<typeof userInput>;
export const userUpdateInput = userInput.partial();

/** The most portions of one dish a day: far above any school's break. */
export const FOOD_ITEM_PORTIONS_MAX = 10_000;

export const foodItemInput = z.object({
  name: text().trim().min(1).max(100),
  description: multilineText().trim().min(1).max(1000),
  price: priceInput,
  image_url: imageUrl.optional(),
  day_of_week: z.enum(WEEKDAYS),
  weekly_menu_id: z.uuid(),
  preparation_time: z
    .number("food_item_prep_time_invalid")
    .int("food_item_prep_time_invalid")
    .min(0, "food_item_prep_time_invalid")
    .max(600, "food_item_prep_time_invalid")
    .optional(),
  /** Portions the kitchen makes for the day; null is no cap (left out on an edit: unchanged). */
  portions: z
    .number("food_item_portions_invalid")
    .int("food_item_portions_invalid")
    .min(0, "food_item_portions_invalid")
    .max(FOOD_ITEM_PORTIONS_MAX, "food_item_portions_invalid")
    .nullable()
    .optional(),
  /** Also sold at the counter on its day, from the same portions (left out on an edit: unchanged). */
  sold_at_counter: z.boolean("invalid_field").optional(),
});
export type FoodItemInput = z.infer<typeof foodItemInput>;

/**
 * `PUT /api/admin/food-items/:id/portions` (admins): a count corrected during the day (a tray
 * dropped, more made), with why; null is no cap. Recorded for the bursar.
 */
export const portionsCorrectionInput = z.strictObject({
  portions: z
    .number("food_item_portions_invalid")
    .int("food_item_portions_invalid")
    .min(0, "food_item_portions_invalid")
    .max(FOOD_ITEM_PORTIONS_MAX, "food_item_portions_invalid")
    .nullable(),
  reason: text().trim().min(3, "counter_stock_reason_required").max(200, "counter_stock_reason_required"),
});
export type PortionsCorrectionInput = z.infer<typeof portionsCorrectionInput>;
export const portionsCorrectedAnswer = dataAnswer(
  z.object({
    foodItemId: z.string(),
    portions: z.number().int().nullable(),
    left: z.number().int().nullable(),
  }),
).extend({ message: z.string() });
export const foodItemUpdateInput = foodItemInput.partial();

/**
 * A dish's allergen declaration as the dialog saves it (decision 0041): what it declares and its
 * diet tags (each left out stays as it was on an edit, empty on a new item), and
 * `allergensConfirmed`: true says "I, the admin saving this, checked the declaration"; false
 * withdraws a check; left out, a change of name, description or allergens clears the check and
 * any other save keeps it.
 */
export const foodItemDeclarationInput = z.object({
  allergens: allergenDeclarationSchema.optional(),
  diet: dietSchema.optional(),
  allergensConfirmed: z.boolean().optional(),
});
export type FoodItemDeclarationInput = z.infer<typeof foodItemDeclarationInput>;

/**
 * The food-item dialog's one save, `PUT /api/admin/menus/:menuId/days/:dayOfWeek/food-item`
 * (decision 0028): the form's fields, and which save it is. `id` edits that item of the menu
 * and puts it on the day; `replace` puts a new item in place of the day's (decision 0006);
 * neither adds a new item to an empty day.
 */
export const foodItemSaveInput = foodItemInput
  .extend({
    id: z.uuid().optional(),
    replace: z.literal(true).optional(),
    ...foodItemDeclarationInput.shape,
    /**
     * The admin saw how many open orders a change of the allergens touches and saves it all the
     * same; without it such a save is 409 food_item_orders_touched with the counts (decision 0041).
     */
    touchedOrdersConfirmed: z.literal(true).optional(),
  })
  .refine((save) => save.id === undefined || save.replace === undefined, {
    message: "invalid_field",
    path: ["replace"],
  });
export type FoodItemSaveInput = z.infer<typeof foodItemSaveInput>;

/** The fields a food item requires, in the form's order. */
export const FOOD_ITEM_REQUIRED_FIELDS = ["name", "description", "price", "day_of_week"] as const;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * Saving a food item, checked before the shape: no week selected, then any required
 * field left empty. The dialog and the server answer the same message; null when both hold.
 */
export function checkFoodItemRequired(
  input: Readonly<Record<string, unknown>>,
): "food_item_menu_missing" | "food_item_fields_missing" | null {
  if (isBlank(input.weekly_menu_id)) return "food_item_menu_missing";
  if (FOOD_ITEM_REQUIRED_FIELDS.some((field) => isBlank(input[field]))) return "food_item_fields_missing";
  return null;
}

/** The food-item dialog's fields as typed: text throughout, the day "" until one is chosen. */
export type FoodItemFormValues = {
  name: string;
  description: string;
  price: string;
  image_url: string;
  day_of_week: string;
  preparation_time: string;
  portions: string;
  sold_at_counter: boolean;
};

/** The dialog's fields on their way to `foodItemInput`, which checks the rest. */
type FoodItemDraft = Omit<z.input<typeof foodItemInput>, "day_of_week"> & { day_of_week: string };

/**
 * The food-item dialog's schema: the required-fields rule first (its message on every
 * empty required field), then `foodItemInput`. An empty image field is `null` when editing
 * (it clears the image) and left out otherwise; an empty preparation time is left out, and empty
 * portions are no cap.
 */
export function foodItemForm(weeklyMenuId: string, emptyImage: null | undefined) {
  return z
    .object({
      name: z.string(),
      description: z.string(),
      price: z.string(),
      image_url: z.string(),
      day_of_week: z.string(),
      preparation_time: z.string(),
      portions: z.string(),
      sold_at_counter: z.boolean(),
    })
    .superRefine((values, context) => {
      const code = checkFoodItemRequired({ ...values, weekly_menu_id: weeklyMenuId });
      if (!code) return;
      for (const field of FOOD_ITEM_REQUIRED_FIELDS) {
        if (isBlank(values[field])) context.addIssue({ code: "custom", message: code, path: [field] });
      }
    })
    .transform(
      ({ image_url, preparation_time, portions, ...values }): FoodItemDraft => ({
        ...values,
        weekly_menu_id: weeklyMenuId,
        image_url: image_url.trim() === "" ? emptyImage : image_url,
        preparation_time: preparation_time.trim() === "" ? undefined : Number(preparation_time),
        // An empty field is no cap: the kitchen makes as many as are ordered.
        portions: portions.trim() === "" ? null : Number(portions),
      }),
    )
    .pipe(foodItemInput) satisfies z.ZodType<FoodItemInput, FoodItemFormValues>;
}

/** A date, or a field left empty: the weekly-menu rules answer "both dates required". */
const menuDate = z.union([isoDate, z.literal("")]).nullish();

/**
 * weekly_menu: a client may also send kantien_staff_id and creation_date;
 * the server records the signed-in admin and its own clock instead.
 * The date rules (`validateWeeklyMenuDates`) run on top of this shape.
 */
export const weeklyMenuInput = z.object({
  date_from: menuDate,
  date_to: menuDate,
  kantien_staff_id: z.unknown().optional(),
  creation_date: z.unknown().optional(),
});
export const weeklyMenuUpdateInput = z.object({ date_from: isoDate, date_to: isoDate }).partial();

export const clientInput = z.object({ user_id: z.uuid(), akd_number: text().trim().min(1).max(30) });
export const clientUpdateInput = clientInput.pick({ akd_number: true });

export const kantienStaffInput = z.object({
  id: z.uuid(),
  kantien_employee_number: text().trim().min(1).max(30).nullable().optional(),
});
export const kantienStaffUpdateInput = kantienStaffInput.pick({ kantien_employee_number: true });

/**
 * A row of the generic data API: each resource declares its readable columns on the server
 * (modules/data), so the answer is a record of those columns.
 */
export const dataRow = z.record(z.string(), z.unknown());
/** `GET /api/admin/data/:table`. */
export const dataPageAnswer = pageAnswer(dataRow);
/** `GET`, `POST` (201) and `PUT` of one row. */
export const dataRowAnswer = dataAnswer(dataRow);
/** `DELETE` of one row; a person with history is anonymised instead, and the answer says so (decision 0014). */
export const dataRowRemovedAnswer = dataRowAnswer.extend({
  anonymised: z.boolean().optional(),
  message: z.string().optional(),
});
/** `PUT /api/admin/menus/:menuId/days/:dayOfWeek/food-item`: the saved item, and the replaced item's id (or null). */
/**
 * The dialog's save: the item, the replaced item's id or null, and how many customers were told
 * that the dish's allergens changed under their open order (decision 0041).
 */
export const foodItemSavedAnswer = dataRowAnswer.extend({
  replaced: z.string().nullable(),
  notified: z.number().int(),
});

/** What a 409 food_item_orders_touched carries: the open orders the change touches, and those alerted anew. */
export const touchedOrdersDetails = z.object({ orders: z.number().int(), alerted: z.number().int() });
export type TouchedOrdersDetails = z.infer<typeof touchedOrdersDetails>;

/** A `weekly_menu` row as the data API reads it. */
export const weeklyMenuRow = z.object({
  id: z.string(),
  date_from: z.string(),
  date_to: z.string(),
  kantien_staff_id: z.string().nullable(),
  creation_date: z.string().nullable(),
});
export type WeeklyMenu = z.infer<typeof weeklyMenuRow>;

/**
 * What every admin answer that carries a food item adds to its row (decision 0041): the
 * declared allergens in the list's order, the diet tags, and who checked the declaration and
 * when (null: nobody has, so the dish is never "free of" anything).
 */
export const foodItemDeclaration = z.object({
  allergens: allergenDeclarationSchema,
  diet: dietSchema,
  allergensChecked: allergensCheckedSchema,
});
export type FoodItemDeclaration = z.infer<typeof foodItemDeclaration>;

/** A `food_item` row as the data API reads it (price is numeric: a string on the wire). */
export const foodItemRow = foodItemDeclaration.extend({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.union([z.string(), z.number()]),
  image_url: z.string().nullable(),
  day_of_week: z.enum(WEEKDAYS),
  weekly_menu_id: z.string(),
  preparation_time: z.number().nullable(),
  /** Portions made for the day; null is no cap. Left out by answers from before portions. */
  portions: z.number().nullable().optional(),
  /** Also sold at the counter on its day. Left out by answers from before the counter sold. */
  sold_at_counter: z.boolean().optional(),
  /** Raised by every save of the item; the dialog's save sends it as If-Match (decision 0057). */
  version: z.number().int(),
});
export type FoodItem = z.infer<typeof foodItemRow>;
