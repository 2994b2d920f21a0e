import { describe, expect, it } from "vitest";
import {
  CANTEEN_RULES_DEFAULTS,
  type CanteenRules,
  canteenRulesInput,
  currentSchoolMonday,
  orderCutoffAt,
  orderHorizonEnd,
  orderingState,
  schoolDaysBefore,
} from "./canteen";

const ZONE = "Africa/Johannesburg"; // UTC+2 all year
const rules = (changes: Partial<CanteenRules> = {}): CanteenRules => ({
  ...CANTEEN_RULES_DEFAULTS,
  ...changes,
});
/** An instant given as the canteen's local time (SAST, UTC+2). */
const sast = (local: string) => new Date(`${local}+02:00`);

// 2026-11-23 is a Monday; 2026-11-27 a Friday; 2026-11-28/29 the weekend.
describe("the cut-off", () => {
  it("is 09:00 on the delivery day by default, in the canteen's time zone", () => {
    expect(orderCutoffAt("2026-11-25", rules(), ZONE).toISOString()).toBe("2026-11-25T07:00:00.000Z");
  });

  it("counts school days before the delivery day and skips the weekend", () => {
    expect(schoolDaysBefore("2026-11-25", 0)).toBe("2026-11-25");
    expect(schoolDaysBefore("2026-11-25", 1)).toBe("2026-11-24");
    // Monday's day before is Friday; two before is Thursday.
    expect(schoolDaysBefore("2026-11-30", 1)).toBe("2026-11-27");
    expect(schoolDaysBefore("2026-11-30", 2)).toBe("2026-11-26");
    expect(orderCutoffAt("2026-11-30", rules({ cutoffDaysBefore: 1, cutoffTime: "14:30" }), ZONE)).toEqual(
      sast("2026-11-27T14:30:00"),
    );
  });

  it("closes at the minute itself: a second before is open, the minute is closed", () => {
    const at = { rules: rules(), timeZone: ZONE };
    expect(orderingState("2026-11-25", { ...at, now: sast("2026-11-25T08:59:59") })).toMatchObject({
      open: true,
    });
    expect(orderingState("2026-11-25", { ...at, now: sast("2026-11-25T09:00:00") })).toMatchObject({
      open: false,
      reason: "closed",
    });
  });

  it("takes today from the canteen's clock around midnight, not UTC's", () => {
    // 00:30 SAST on Wednesday is still Tuesday in UTC: Tuesday has passed for the canteen.
    const now = sast("2026-11-25T00:30:00");
    const at = { rules: rules({ cutoffTime: "23:59" }), timeZone: ZONE, now };
    expect(orderingState("2026-11-24", at)).toMatchObject({ open: false, reason: "past" });
    expect(orderingState("2026-11-25", at)).toMatchObject({ open: true });
    // 23:30 SAST on Tuesday, with a cut-off the evening before: Wednesday closed at 18:00.
    const evening = { rules: rules({ cutoffDaysBefore: 1, cutoffTime: "18:00" }), timeZone: ZONE };
    expect(orderingState("2026-11-25", { ...evening, now: sast("2026-11-24T17:59:00") })).toMatchObject({
      open: true,
    });
    expect(orderingState("2026-11-25", { ...evening, now: sast("2026-11-24T23:30:00") })).toMatchObject({
      open: false,
      reason: "closed",
    });
  });
});

describe("the horizon", () => {
  it("reaches the Friday of the last school week, the current one counted", () => {
    expect(orderHorizonEnd("2026-11-23", 1)).toBe("2026-11-27");
    expect(orderHorizonEnd("2026-11-27", 2)).toBe("2026-12-04");
  });

  it("starts from the coming week on a weekend", () => {
    expect(currentSchoolMonday("2026-11-28")).toBe("2026-11-30");
    expect(currentSchoolMonday("2026-11-29")).toBe("2026-11-30");
    expect(orderHorizonEnd("2026-11-29", 1)).toBe("2026-12-04");
  });

  it("refuses a day beyond it, a weekend day and a past day; the last school day of a week is in reach", () => {
    const at = { rules: rules({ weeksAhead: 2 }), timeZone: ZONE, now: sast("2026-11-27T08:00:00") };
    expect(orderingState("2026-11-27", at)).toMatchObject({ open: true }); // Friday, before 09:00
    expect(orderingState("2026-12-04", at)).toMatchObject({ open: true });
    expect(orderingState("2026-12-07", at)).toMatchObject({ open: false, reason: "beyond_horizon" });
    expect(orderingState("2026-11-28", at)).toMatchObject({ open: false, reason: "not_school_day" });
    expect(orderingState("2026-11-26", at)).toMatchObject({ open: false, reason: "past" });
  });
});

describe("the rules an admin saves", () => {
  it("takes the defaults and rand as typed", () => {
    expect(canteenRulesInput.parse({ ...CANTEEN_RULES_DEFAULTS, lowBalanceThreshold: "50" })).toEqual(
      CANTEEN_RULES_DEFAULTS,
    );
    expect(canteenRulesInput.parse({ ...CANTEEN_RULES_DEFAULTS, lowBalanceThreshold: "75,5" })).toMatchObject(
      {
        lowBalanceThreshold: "75.50",
      },
    );
  });

  it("refuses each value out of its range with its own message", () => {
    const refused = (changes: Record<string, unknown>) => {
      const result = canteenRulesInput.safeParse({ ...CANTEEN_RULES_DEFAULTS, ...changes });
      return result.success ? null : result.error.issues.map((i) => i.message);
    };
    expect(refused({ cutoffTime: "24:00" })).toEqual(["canteen_cutoff_time_invalid"]);
    expect(refused({ cutoffTime: "9:00" })).toEqual(["canteen_cutoff_time_invalid"]);
    expect(refused({ cutoffDaysBefore: 6 })).toEqual(["canteen_cutoff_days_invalid"]);
    expect(refused({ cutoffDaysBefore: 1.5 })).toEqual(["canteen_cutoff_days_invalid"]);
    expect(refused({ weeksAhead: 0 })).toEqual(["canteen_weeks_ahead_invalid"]);
    expect(refused({ maxQuantity: 21 })).toEqual(["canteen_max_quantity_invalid"]);
    expect(refused({ lowBalanceThreshold: "-5" })).toEqual(["canteen_low_balance_invalid"]);
    expect(refused({ kitchenServiceStart: "7:30" })).toEqual(["canteen_service_start_invalid"]);
    expect(refused({ kitchenServiceStart: "25:00" })).toEqual(["canteen_service_start_invalid"]);
    expect(refused({ kitchenServiceStart: null })).toEqual(["canteen_service_start_invalid"]);
    expect(refused({ kitchenWarnMinutes: 0 })).toEqual(["canteen_kitchen_ageing_invalid"]);
    expect(refused({ kitchenLateMinutes: 601 })).toEqual(["canteen_kitchen_ageing_invalid"]);
    expect(refused({ kitchenWarnMinutes: 20, kitchenLateMinutes: 20 })).toEqual([
      "canteen_kitchen_ageing_order",
    ]);
    expect(refused({ extra: 1 })).not.toBeNull();
  });
});
