import { z } from "zod";
import { isoDateText, randText, timestamp } from "./api";
import { ORDERING_CLOSED_REASONS } from "./canteen";
import { isIsoDate, isoWeekday } from "./dates";
import { orderStatusSchema } from "./order-status";

/* The customers' ordering app's API (DESIGN §11): what `/api/my/*` takes and answers. */

/** `GET /api/my/menu?week=`: a Monday; without it, the school week customers order in now. */
export const myMenuQuery = z.strictObject({
  week: z
    .string()
    .refine((value) => isIsoDate(value) && isoWeekday(value) === 1, "my_menu_week_invalid")
    .optional(),
});

/** One of my orders, as a day's card shows it. */
export const myDayOrder = z.object({
  id: z.string(),
  quantity: z.number().int(),
  status: orderStatusSchema,
  total: randText,
});

/** One school day of the menu: its item, whether I may still order it, and my orders for it. */
export const myMenuDay = z.object({
  date: isoDateText,
  item: z
    .object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      price: randText,
      imageUrl: z.string().nullable(),
    })
    .nullable(),
  orderable: z.boolean(),
  /** Why it cannot be ordered (null when it can). */
  closedReason: z.enum(ORDERING_CLOSED_REASONS).nullable(),
  /** When ordering for the day closes (null for a past day). */
  cutoffAt: timestamp.nullable(),
  orders: z.array(myDayOrder),
});
export type MyMenuDay = z.infer<typeof myMenuDay>;

export const myMenuAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    /** The Monday of the week shown. */
    week: isoDateText,
    days: z.array(myMenuDay),
    /** The most portions one order may hold (the canteen's rule). */
    maxQuantity: z.number().int(),
  }),
});
