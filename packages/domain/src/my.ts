import { z } from "zod";
import {
  ALLERGENS,
  allergenDeclarationSchema,
  allergensCheckedSchema,
  allergenWarningSchema,
  allergiesSchema,
  dietSchema,
} from "./allergens";
import { dataAnswer, isoDateText, orderStatusSchema, pageAnswer, randText, timestamp } from "./api";
import { newPassword, personName, THEMES } from "./auth";
import {
  bankDetailsSchema,
  type CanteenRules,
  ORDER_QUANTITY_MAX,
  ORDERING_CLOSED_REASONS,
  type OrderingClosedReason,
  orderingState,
} from "./canteen";
import { type IsoDate, isIsoDate, isoWeekday } from "./dates";
import {
  allergyAccessEntrySchema,
  allergyChanges,
  allergyConsentRecordSchema,
  allergyConsentSchema,
} from "./dietary-profile";
import { GUARDIAN_CONSENT_STATES, myLearner } from "./guardians";
import { LANGUAGES } from "./language";
import type { ErrorCode } from "./messages";
import { onlineTopUpOffer } from "./online-payments";
import { orderCancellation } from "./order-cancel";
import { isWaitingForKitchen, type OrderStatus } from "./order-status";
import { walletStatementEntry } from "./people";
import { text } from "./text";

/* The customers' ordering app's API (decision 0021): what `/api/my/*` takes and answers. */

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
      /** What the dish declares; with `allergensChecked` null nobody has checked it (never "free of" anything). */
      allergens: allergenDeclarationSchema,
      diet: dietSchema,
      /** Who confirmed the declaration (their name) and when; null until an admin does. */
      allergensChecked: allergensCheckedSchema,
      /** The caller's allergies this dish holds (`allergenWarnings`); `allergenVerdict` says what ordering it means. */
      allergenWarnings: z.array(allergenWarningSchema),
      /** Portions left for the day; null when the kitchen set no cap. */
      portionsLeft: z.number().int().nullable(),
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

/** `POST /api/my/orders`: an item of the menu, on its own day, 1 to the canteen's maximum portions. */
export const myNewOrderInput = z.strictObject({
  foodItemId: z.uuid("order_item_unavailable"),
  deliveryDate: z.string("invalid_field").refine(isIsoDate, "invalid_field"),
  quantity: z
    .number("order_quantity_invalid")
    .int("order_quantity_invalid")
    .min(1, "order_quantity_invalid")
    .max(ORDER_QUANTITY_MAX, "order_quantity_invalid"),
  /** "I understand": needed when the dish holds one of my allergies (not a severe one it contains). */
  allergenAcknowledged: z.boolean("invalid_field").optional(),
});
export type MyNewOrder = z.infer<typeof myNewOrderInput>;

/** What a customer is told when a day cannot be ordered for, by why. */
const CLOSED_REASON_CODES: Record<OrderingClosedReason, ErrorCode> = {
  not_school_day: "order_delivery_mismatch",
  past: "order_delivery_past",
  beyond_horizon: "order_beyond_horizon",
  closed: "ordering_closed",
};

/**
 * Why the canteen's rules refuse a customer's order for `deliveryDate` at `now`, or null
 * when they allow it. (That the item is served on that day is checked with the item.)
 */
export function myOrderRefusal(
  { deliveryDate, quantity }: { deliveryDate: IsoDate; quantity: number },
  context: { now: Date; rules: CanteenRules; timeZone: string },
): ErrorCode | null {
  if (quantity > context.rules.maxQuantity) return "order_quantity_above_max";
  const state = orderingState(deliveryDate, context);
  return state.open ? null : CLOSED_REASON_CODES[state.reason];
}

/**
 * Why a customer may not cancel an order of theirs now, or null when they may: before its
 * cut-off, or, once its dish's allergens changed after it was ordered (`allergensChangedAt`),
 * on any day until its own (decision 0041).
 */
export function myCancelRefusal(
  order: { status: OrderStatus; deliveryDate: IsoDate | null; allergensChangedAt?: Date | string | null },
  context: { now: Date; rules: CanteenRules; timeZone: string },
): ErrorCode | null {
  if (order.status === "cancelled") return "order_already_cancelled";
  // Only an order the kitchen has not begun.
  if (!isWaitingForKitchen(order.status)) return "order_not_cancellable";
  if (order.deliveryDate === null) return "ordering_closed";
  const state = orderingState(order.deliveryDate, context);
  if (state.open) return null;
  if (order.allergensChangedAt != null && state.reason !== "past") return null;
  // Beyond the horizon (an admin's order, or rules changed since): open until its own cut-off.
  const beforeCutoff = state.cutoffAt !== null && context.now.getTime() < state.cutoffAt.getTime();
  return state.reason === "beyond_horizon" && beforeCutoff ? null : "ordering_closed";
}

/** One of my orders, as the orders screen shows it. */
export const myOrder = z.object({
  id: z.string(),
  /** The order's number on its day, as the counter calls it (`orderLabel`). */
  pickupNumber: z.number().int(),
  deliveryDate: isoDateText.nullable(),
  createdAt: timestamp,
  status: orderStatusSchema,
  quantity: z.number().int(),
  unitPrice: randText,
  total: randText,
  item: z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
  /** When ordering (and cancelling) for its day closes; null for an order without a day. */
  cutoffAt: timestamp.nullable(),
  /** True while I may still cancel it: the kitchen has not begun and the cut-off has not passed. */
  cancellable: z.boolean(),
  /** True when my wallet paid it and it is not refunded: a cancel gives `total` back (`cancelRefund`). */
  paidFromWallet: z.boolean(),
  /** Who cancelled it, why, and what came back; null unless it is cancelled. */
  cancellation: orderCancellation.nullable(),
  /**
   * Its dish's allergens changed after I ordered it, giving it a new alert for my allergies: when,
   * and what the dish declares now (and whether that was checked); null otherwise (decision 0041).
   */
  allergensChanged: z
    .object({ at: timestamp, allergens: allergenDeclarationSchema, checked: z.boolean() })
    .nullable(),
});
export type MyOrder = z.infer<typeof myOrder>;

export const MY_ORDER_SCOPES = ["upcoming", "past"] as const;
export const MY_PAGE_MAX = 50;
const paging = {
  limit: z.coerce.number().int().min(1).max(MY_PAGE_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
};

/** `GET /api/my/orders`: upcoming (today and later, soonest first) or past (latest first). */
export const myOrdersQuery = z.strictObject({
  scope: z.enum(MY_ORDER_SCOPES).default("upcoming"),
  ...paging,
});
export const myOrdersAnswer = pageAnswer(myOrder);
export const myOrderAnswer = dataAnswer(myOrder);

/** An order placed or cancelled: the order, my wallet's new balance, and what happened, in my language. */
export const myOrderChangedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ order: myOrder, balance: randText }),
});

/** A line of my statement: a ledger row, and for an order or its refund the item and its day. */
export const myStatementEntry = walletStatementEntry.extend({
  itemName: z.string().nullable(),
  deliveryDate: isoDateText.nullable(),
});
export type MyStatementEntry = z.infer<typeof myStatementEntry>;

/** A learner's limits as the learner and their guardians see them: what is left of each today. */
export const limitsToday = z.object({
  dailyLimit: randText.nullable(),
  weeklyLimit: randText.nullable(),
  /** Left of the daily limit for today's orders; null without one. */
  leftToday: randText.nullable(),
  /** Left of the weekly limit for this week's orders; null without one. */
  leftThisWeek: randText.nullable(),
  blockedAllergens: z.array(z.enum(ALLERGENS)),
  /** The blocked dishes by name. */
  blockedDishes: z.array(z.string()),
});
export type LimitsToday = z.infer<typeof limitsToday>;

/** `GET /api/my/wallet`: the balance, the canteen's warning line, and a page of the statement (newest first). */
export const myWalletQuery = z.strictObject(paging);
export const myWalletAnswer = dataAnswer(
  z.object({
    balance: randText,
    lowBalanceThreshold: randText,
    /** What I type as the reference of a bank transfer to my wallet. */
    paymentReference: z.string(),
    /** The canteen's bank account to pay into; null until the canteen has given it. */
    eft: bankDetailsSchema.nullable(),
    /** A top-up by card or instant EFT at the canteen's payment provider; null when it takes none (decision 0074). */
    online: onlineTopUpOffer,
    transactions: z.array(myStatementEntry),
    total: z.number().int(),
    /** What a learner's guardians allow (decision 0068), and what is left today; null when nothing is set. */
    limits: limitsToday.nullable().optional(),
  }),
);

/**
 * `GET /api/my/profile`: who I am to the canteen, how the app looks for me, and my allergies and
 * diet with the consent they are kept under (decision 0041).
 */
export const myProfile = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  language: z.enum(LANGUAGES),
  theme: z.enum(THEMES),
  allergies: allergiesSchema,
  diet: dietSchema,
  allergyConsent: allergyConsentSchema,
  /**
   * While a guardian is linked to a learner under 18, the guardian keeps the allergies and diet
   * and the learner's own changes are refused (decision 0068); the learner sees them.
   */
  managedByGuardian: z.boolean(),
  /** Whether what is held waits for a guardian's consent (`GuardianConsentState`). */
  guardianConsent: z.enum(GUARDIAN_CONSENT_STATES),
  /** Raised by every save of the profile, the customer's or an admin's; also the answer's ETag (decision 0057). */
  version: z.number().int(),
});
export type MyProfile = z.infer<typeof myProfile>;

/** `PUT /api/my/profile`: the email is the sign-in's and is not changed here. */
export const myProfileInput = z.strictObject({
  firstName: personName,
  lastName: personName,
  phoneNumber: text()
    .trim()
    .max(30)
    .nullable()
    .transform((phone) => phone || null),
  language: z.enum(LANGUAGES),
  theme: z.enum(THEMES),
  // Left out, they stay as they are: the details form does not send them.
  ...allergyChanges,
});
export type MyProfileInput = z.infer<typeof myProfileInput>;

export const myProfileAnswer = dataAnswer(myProfile);
/** What was stored, said in the language just chosen. */
export const myProfileSavedAnswer = myProfileAnswer.extend({ message: z.string() });

/** Most orders and statement lines `GET /api/my/data` lists: more than years of school days. */
export const MY_DATA_LIMIT = 10_000;

/**
 * `GET /api/my/data`: everything Kantien holds about me, as a file to download (POPIA's right of
 * access): my account and settings, my orders, my wallet and its statement, my allergies, diet
 * and consent, and every time an admin opened or changed my allergies.
 */
export const myDataDocument = z.object({
  exportedAt: timestamp,
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    roleId: z.number().int(),
    akdNumber: z.string().nullable(),
    accountCreatedAt: timestamp,
    emailVerifiedAt: timestamp.nullable(),
  }),
  settings: z.object({ language: z.enum(LANGUAGES), theme: z.enum(THEMES) }),
  orders: z.array(
    z.object({
      id: z.string(),
      pickupNumber: z.number().int(),
      item: z.string(),
      quantity: z.number().int(),
      unitPrice: randText,
      status: orderStatusSchema,
      deliveryDate: isoDateText.nullable(),
      createdAt: timestamp,
      allergenAcknowledged: z.boolean(),
    }),
  ),
  wallet: z.object({
    balance: randText,
    paymentReference: z.string(),
    transactions: z.array(myStatementEntry),
  }),
  allergies: allergiesSchema,
  diet: dietSchema,
  allergyConsent: allergyConsentRecordSchema,
  allergyAccessLog: z.array(allergyAccessEntrySchema),
  /**
   * A guardian's learners (decision 0068), as the guardian sees them: who, the balance and
   * limits, their allergies and whose consent holds them. Empty for one who guards no learner.
   */
  learners: z.array(myLearner.extend({ allergies: allergiesSchema, diet: dietSchema })),
});
export type MyDataDocument = z.infer<typeof myDataDocument>;

/** `PUT /api/my/password`: the current password proves it is me; the new one follows the rule. */
export const myPasswordInput = z.strictObject({
  currentPassword: z.string().min(1).max(200),
  newPassword,
});

/** The password form: the change, and the new password typed twice. */
export const myPasswordForm = myPasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "password_mismatch",
    path: ["confirmPassword"],
  });
export type MyPasswordForm = z.input<typeof myPasswordForm>;
