import { describe, expect, it } from "vitest";
import { CANTEEN_RULES_DEFAULTS } from "./canteen";
import { myCancelRefusal, myOrderRefusal, myProfileInput } from "./my";

// Tuesday 4 March 2031, 08:59 in Johannesburg: Tuesday closes at 09:00.
const at = (iso: string) => ({
  now: new Date(iso),
  rules: CANTEEN_RULES_DEFAULTS,
  timeZone: "Africa/Johannesburg",
});
const beforeNine = at("2031-03-04T06:59:00Z");

describe("a customer's order under the canteen's rules", () => {
  it("names the rule that refuses it", () => {
    const order = (deliveryDate: string, quantity = 1) =>
      myOrderRefusal({ deliveryDate, quantity }, beforeNine);
    expect(order("2031-03-04")).toBeNull();
    expect(order("2031-03-04", 5)).toBeNull();
    expect(order("2031-03-04", 6)).toBe("order_quantity_above_max");
    expect(order("2031-03-03")).toBe("order_delivery_past");
    expect(order("2031-03-08")).toBe("order_delivery_mismatch"); // a Saturday
    expect(order("2031-03-14")).toBeNull(); // the last school day of the horizon
    expect(order("2031-03-17")).toBe("order_beyond_horizon");
    expect(myOrderRefusal({ deliveryDate: "2031-03-04", quantity: 1 }, at("2031-03-04T07:00:00Z"))).toBe(
      "ordering_closed",
    );
  });

  it("allows a cancel only before the kitchen begins and before the cut-off", () => {
    const cancel = (status: "paid" | "pending" | "processing" | "cancelled", deliveryDate: string | null) =>
      myCancelRefusal({ status, deliveryDate }, beforeNine);
    expect(cancel("paid", "2031-03-04")).toBeNull();
    expect(cancel("pending", "2031-03-04")).toBeNull();
    expect(cancel("processing", "2031-03-04")).toBe("order_not_cancellable");
    expect(cancel("cancelled", "2031-03-04")).toBe("order_already_cancelled");
    expect(cancel("paid", "2031-03-03")).toBe("ordering_closed");
    expect(cancel("paid", null)).toBe("ordering_closed");
    // An order an admin placed beyond the horizon may be cancelled until its own cut-off.
    expect(cancel("paid", "2031-04-07")).toBeNull();
    expect(myCancelRefusal({ status: "paid", deliveryDate: "2031-03-04" }, at("2031-03-04T07:00:00Z"))).toBe(
      "ordering_closed",
    );
    // Beyond a one-week horizon, cut off a school day before: Monday the 10th closed on
    // Friday the 7th at 09:00, and stays closed although it lies beyond the horizon.
    const tight = { ...CANTEEN_RULES_DEFAULTS, weeksAhead: 1, cutoffDaysBefore: 1 };
    const friday = (iso: string) => ({ ...at(iso), rules: tight });
    expect(
      myCancelRefusal({ status: "paid", deliveryDate: "2031-03-10" }, friday("2031-03-07T06:59:00Z")),
    ).toBeNull();
    expect(
      myCancelRefusal({ status: "paid", deliveryDate: "2031-03-10" }, friday("2031-03-07T08:00:00Z")),
    ).toBe("ordering_closed");
  });
});

describe("my profile", () => {
  it("trims names, clears an empty phone and refuses an email change", () => {
    const base = { firstName: " Ana ", lastName: "Smit", phoneNumber: "  ", language: "en", theme: "auto" };
    expect(myProfileInput.parse(base)).toEqual({ ...base, firstName: "Ana", phoneNumber: null });
    expect(myProfileInput.safeParse({ ...base, email: "a@b.c" }).success).toBe(false);
    expect(myProfileInput.safeParse({ ...base, firstName: "" }).success).toBe(false);
  });
});
