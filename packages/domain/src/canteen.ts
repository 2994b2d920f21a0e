import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { addDaysIso, type IsoDate, isoWeekday, mondayOf, todayIn } from "./dates";
import { SERVICE_START_DEFAULT } from "./kitchen-rules";
import { randAmount } from "./money-input";
import { text } from "./text";

/**
 * The canteen's ordering rules (decision 0021): one set for the whole canteen, edited by admins,
 * enforced by the server for customers' own orders and shown to them.
 */
export const CUTOFF_DAYS_BEFORE_MAX = 5;
export const WEEKS_AHEAD_MAX = 8;
/** An order's quantity is never above this, whatever the canteen allows (as for staff orders). */
export const ORDER_QUANTITY_MAX = 20;
export const LOW_BALANCE_THRESHOLD_MAX = 10_000;
/** The most one wallet sale may be while the counter is offline (decision 0073). */
export const OFFLINE_SALE_LIMIT_MAX = 1_000;
/** The kitchen's ageing stages (minutes a waiting order has waited) stay within a school day. */
export const KITCHEN_AGEING_MAX_MINUTES = 600;

const whole = (code: string, min: number, max: number) =>
  z.number(code).int(code).min(min, code).max(max, code);

/** What an admin saves; the threshold is typed as rand ("50", "50,00"), stored as "50.00". */
export const canteenRulesInput = z
  .strictObject({
    /** The time of day ordering closes, `HH:MM` in the canteen's time zone. */
    cutoffTime: z
      .string("canteen_cutoff_time_invalid")
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "canteen_cutoff_time_invalid"),
    /** On the delivery day itself (0), or this many school days before it. */
    cutoffDaysBefore: whole("canteen_cutoff_days_invalid", 0, CUTOFF_DAYS_BEFORE_MAX),
    /** School weeks customers may order in, the current one included. */
    weeksAhead: whole("canteen_weeks_ahead_invalid", 1, WEEKS_AHEAD_MAX),
    /** The most portions one order may hold. */
    maxQuantity: whole("canteen_max_quantity_invalid", 1, ORDER_QUANTITY_MAX),
    /** Below this balance a customer is warned (a banner and one email per crossing). */
    lowBalanceThreshold: randAmount(LOW_BALANCE_THRESHOLD_MAX, "canteen_low_balance_invalid"),
    /**
     * The most one wallet sale may be while the counter cannot reach the server: queued on the
     * device and sent when it can, the wallet's balance unknown meanwhile (decision 0073). 0: none.
     */
    offlineSaleLimit: randAmount(OFFLINE_SALE_LIMIT_MAX, "canteen_offline_limit_invalid"),
    /**
     * When the kitchen starts serving, `HH:MM` in the canteen's zone: an order placed before it
     * (a pre-order, one placed at night) waits on the board from then, not from when it was placed.
     */
    kitchenServiceStart: z
      .string("canteen_service_start_invalid")
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "canteen_service_start_invalid"),
    /** A waiting order on the kitchen board turns amber after this many minutes… */
    kitchenWarnMinutes: whole("canteen_kitchen_ageing_invalid", 1, KITCHEN_AGEING_MAX_MINUTES),
    /** …and red after this many (more than the first). */
    kitchenLateMinutes: whole("canteen_kitchen_ageing_invalid", 2, KITCHEN_AGEING_MAX_MINUTES),
  })
  .refine((rules) => rules.kitchenWarnMinutes < rules.kitchenLateMinutes, {
    message: "canteen_kitchen_ageing_order",
    path: ["kitchenLateMinutes"],
  });

export const canteenRulesSchema = z.object({
  cutoffTime: z.string(),
  cutoffDaysBefore: z.number().int(),
  weeksAhead: z.number().int(),
  maxQuantity: z.number().int(),
  lowBalanceThreshold: z.string(),
  offlineSaleLimit: z.string(),
  kitchenServiceStart: z.string(),
  kitchenWarnMinutes: z.number().int(),
  kitchenLateMinutes: z.number().int(),
});
export type CanteenRules = z.infer<typeof canteenRulesSchema>;

export const CANTEEN_RULES_DEFAULTS: CanteenRules = {
  cutoffTime: "09:00",
  cutoffDaysBefore: 0,
  weeksAhead: 2,
  maxQuantity: 5,
  lowBalanceThreshold: "50.00",
  offlineSaleLimit: "50.00",
  kitchenServiceStart: SERVICE_START_DEFAULT,
  kitchenWarnMinutes: 10,
  kitchenLateMinutes: 20,
};

/**
 * The rules as stored, with the version of the canteen's settings (one record: the rules and the
 * bank details), raised by every save of either; a save sends it back as If-Match (decision 0057).
 */
export const canteenRulesRecord = canteenRulesSchema.extend({ version: z.number().int() });
export type CanteenRulesRecord = z.infer<typeof canteenRulesRecord>;

/** `GET /api/canteen-settings`, and `PUT` with what was stored and a message. */
export const canteenRulesAnswer = z.object({ success: z.literal(true), data: canteenRulesRecord });
export const canteenRulesSavedAnswer = canteenRulesAnswer.extend({ message: z.string() });

function isSchoolDay(date: IsoDate): boolean {
  return isoWeekday(date) <= 5;
}

/** The school day `count` school days before `date` (0: the day itself); weekends are skipped. */
export function schoolDaysBefore(date: IsoDate, count: number): IsoDate {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addDaysIso(day, -1);
    if (isSchoolDay(day)) left -= 1;
  }
  return day;
}

/** The instant ordering for `deliveryDate` closes: the cut-off time on its cut-off day, in `timeZone`. */
export function orderCutoffAt(deliveryDate: IsoDate, rules: CanteenRules, timeZone: string): Date {
  const [year, month, day] = schoolDaysBefore(deliveryDate, rules.cutoffDaysBefore).split("-").map(Number);
  const [hours, minutes] = rules.cutoffTime.split(":").map(Number);
  return new Date(
    new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, timeZone).getTime(),
  );
}

/**
 * The Monday of the school week customers order in now: this week's, or on a Saturday or
 * Sunday the coming one.
 */
export function currentSchoolMonday(today: IsoDate): IsoDate {
  return isSchoolDay(today) ? mondayOf(today) : addDaysIso(mondayOf(today), 7);
}

/** The last day customers may order for: the Friday of the last school week in reach. */
export function orderHorizonEnd(today: IsoDate, weeksAhead: number): IsoDate {
  return addDaysIso(currentSchoolMonday(today), 7 * (weeksAhead - 1) + 4);
}

/** Why a day cannot be ordered: not a school day, passed, beyond the horizon, past its cut-off. */
export const ORDERING_CLOSED_REASONS = ["not_school_day", "past", "beyond_horizon", "closed"] as const;
export type OrderingClosedReason = (typeof ORDERING_CLOSED_REASONS)[number];
export type OrderingState =
  | { open: true; cutoffAt: Date }
  | { open: false; reason: OrderingClosedReason; cutoffAt: Date | null };

/** Whether a customer may order (or cancel) for `deliveryDate` at `now`, and until when. */
export function orderingState(
  deliveryDate: IsoDate,
  { now, rules, timeZone }: { now: Date; rules: CanteenRules; timeZone: string },
): OrderingState {
  if (!isSchoolDay(deliveryDate)) return { open: false, reason: "not_school_day", cutoffAt: null };
  const today = todayIn(timeZone, now);
  if (deliveryDate < today) return { open: false, reason: "past", cutoffAt: null };
  const cutoffAt = orderCutoffAt(deliveryDate, rules, timeZone);
  if (deliveryDate > orderHorizonEnd(today, rules.weeksAhead)) {
    return { open: false, reason: "beyond_horizon", cutoffAt };
  }
  if (now.getTime() >= cutoffAt.getTime()) return { open: false, reason: "closed", cutoffAt };
  return { open: true, cutoffAt };
}

/**
 * The canteen's bank account, shown to customers with their payment reference so they can pay
 * by EFT (decision 0033). South African branch codes are 6 digits; account numbers are digits.
 */
export const bankDetailsInput = z.strictObject({
  bank: text().trim().min(2, "bank_details_bank_invalid").max(60, "bank_details_bank_invalid"),
  accountHolder: text().trim().min(2, "bank_details_holder_invalid").max(100, "bank_details_holder_invalid"),
  // People type "62 1234 5678" or "62-1234-5678"; what is stored is the digits.
  accountNumber: z
    .string("bank_details_account_invalid")
    .transform((typed) => typed.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6,16}$/, "bank_details_account_invalid")),
  branchCode: z
    .string("bank_details_branch_invalid")
    .transform((typed) => typed.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "bank_details_branch_invalid")),
});
export type BankDetails = z.output<typeof bankDetailsInput>;

export const bankDetailsSchema = z.object({
  bank: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
  branchCode: z.string(),
});

/**
 * The bank details as /canteen edits them: `details` null until an admin has saved them, and the
 * canteen settings' version, which a save sends back as If-Match (decision 0057) even before the
 * first details are saved.
 */
export const bankDetailsRecord = z.object({
  details: bankDetailsSchema.nullable(),
  version: z.number().int(),
});
export type BankDetailsRecord = z.infer<typeof bankDetailsRecord>;

/** `GET /api/canteen-settings/bank-details`, and `PUT` with what was stored and a message. */
export const bankDetailsAnswer = z.object({ success: z.literal(true), data: bankDetailsRecord });
export const bankDetailsSavedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bankDetailsRecord.extend({ details: bankDetailsSchema }),
});
