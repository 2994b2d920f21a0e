import { describe, expect, it } from "vitest";
import {
  checkDeliveryDate,
  defaultOrdersRange,
  newOrderForm,
  newOrderInput,
  orderDateOf,
  ordersFilterIsPinned,
  ordersQueryInput,
  ordersRangeProblem,
} from "./orders-summary";

describe("orders summary rules", () => {
  it("dates an order by its delivery date, else its created date in the canteen's zone", () => {
    expect(orderDateOf("2026-11-24", new Date("2026-11-20T10:00:00Z"), "Africa/Johannesburg")).toBe(
      "2026-11-24",
    );
    // 22:30 UTC is already the next day in Johannesburg.
    expect(orderDateOf(null, new Date("2026-11-23T22:30:00Z"), "Africa/Johannesburg")).toBe("2026-11-24");
    expect(orderDateOf(null, new Date("2026-11-23T22:30:00Z"), "UTC")).toBe("2026-11-23");
  });

  it("takes this week, Monday to Sunday, without a range", () => {
    expect(defaultOrdersRange("2026-11-25")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
  });

  it("checks the filter: dates in order, known sorts and statuses, 1 to 100 rows", () => {
    expect(ordersQueryInput.safeParse({ from: "2026-11-23", to: "2026-11-23", limit: "100" }).success).toBe(
      true,
    );
    expect(ordersQueryInput.safeParse({ from: "2026-11-24", to: "2026-11-23" }).success).toBe(false);
    expect(ordersQueryInput.safeParse({ limit: "101" }).success).toBe(false);
    expect(ordersQueryInput.safeParse({ sort: "id" }).success).toBe(false);
    expect(ordersQueryInput.safeParse({ status: "ready" }).success).toBe(true);
    expect(ordersQueryInput.safeParse({ status: "shipped" }).success).toBe(false);
  });

  it("allows a range of up to a year and a day, never backwards", () => {
    expect(ordersRangeProblem("2026-01-01", "2027-01-01")).toBeNull();
    expect(ordersRangeProblem("2026-01-01", "2027-01-02")).toBe("order_range_too_long");
    expect(ordersRangeProblem("2026-11-24", "2026-11-23")).toBe("order_range_invalid");
    expect(ordersQueryInput.safeParse({ from: "2026-01-01", to: "2027-01-02" }).success).toBe(false);
    expect(ordersQueryInput.safeParse({ offset: "100001" }).success).toBe(false);
  });

  it("lets one customer or one order's id span any range, still never backwards; a pickup number keeps the range", () => {
    const customer = "3f0c8a6e-0c1d-4a4e-9b7a-2d1f0e9c8b7a";
    const order = "6f1c2b7e-98a4-4d51-b0c3-12ab34cd56ef";
    expect(ordersFilterIsPinned({ customer })).toBe(true);
    expect(ordersFilterIsPinned({ q: order })).toBe(true);
    expect(ordersFilterIsPinned({ q: "#12" })).toBe(false);
    expect(ordersFilterIsPinned({ q: "Anna" })).toBe(false);
    expect(ordersFilterIsPinned({})).toBe(false);
    expect(ordersRangeProblem("2020-01-01", "2027-01-02", { customer })).toBeNull();
    expect(ordersRangeProblem("2020-01-01", "2027-01-02", { q: order })).toBeNull();
    expect(ordersRangeProblem("2020-01-01", "2027-01-02", { q: "12" })).toBe("order_range_too_long");
    expect(ordersRangeProblem("2020-01-01", "2027-01-02", { q: "Anna" })).toBe("order_range_too_long");
    expect(ordersRangeProblem("2026-11-24", "2026-11-23", { customer })).toBe("order_range_invalid");
    expect(ordersQueryInput.safeParse({ from: "2020-01-01", to: "2027-01-02", customer }).success).toBe(true);
    expect(ordersQueryInput.safeParse({ from: "2020-01-01", to: "2027-01-02", q: order }).success).toBe(true);
    expect(ordersQueryInput.safeParse({ customer: "nie-'n-id" }).success).toBe(false);
  });

  it("accepts a new order of 1 to 20 whole items", () => {
    const order = {
      customerId: "3f0c8a6e-0c1d-4a4e-9b7a-2d1f0e9c8b7a",
      foodItemId: "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      deliveryDate: "2026-11-24",
    };
    for (const quantity of [1, 20])
      expect(newOrderInput.safeParse({ ...order, quantity }).success).toBe(true);
    for (const quantity of [0, 21, 1.5, "2"]) {
      const result = newOrderInput.safeParse({ ...order, quantity });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("order_quantity_invalid");
    }
  });

  it("takes the dialog's choices and typed quantity as the order the server takes", () => {
    const customer = {
      id: "3f0c8a6e-0c1d-4a4e-9b7a-2d1f0e9c8b7a",
      firstName: "Anna",
      lastName: "Botha",
      email: "anna@skool.test",
      phoneNumber: null,
      roleId: 1 as const,
      akdNumber: null,
      balance: "50.00",
      createdAt: "2026-11-01T08:00:00.000Z",
      version: 1,
    };
    const chosen = {
      customer,
      deliveryDate: "2026-11-24",
      foodItemId: "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      quantity: " 3 ",
    };
    expect(newOrderForm.parse(chosen)).toEqual({
      customerId: customer.id,
      foodItemId: chosen.foodItemId,
      deliveryDate: "2026-11-24",
      quantity: 3,
    });
    const open = newOrderForm.safeParse({ ...chosen, customer: null, foodItemId: "" });
    expect(open.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["customer", "order_choice_missing"],
      ["foodItemId", "order_choice_missing"],
    ]);
    for (const quantity of ["", "0", "2,5", "21"]) {
      expect(newOrderForm.safeParse({ ...chosen, quantity }).error?.issues[0]?.message).toBe(
        "order_quantity_invalid",
      );
    }
  });

  it("delivers an item on its own weekday of its menu's week, today or later", () => {
    const item = { dayOfWeek: "Woensdag" as const, menuDateFrom: "2026-11-23" };
    expect(checkDeliveryDate(item, "2026-11-25", "2026-11-25")).toBeNull();
    expect(checkDeliveryDate(item, "2026-11-25", "2026-11-20")).toBeNull();
    expect(checkDeliveryDate(item, "2026-11-26", "2026-11-20")).toBe("order_delivery_mismatch");
    expect(checkDeliveryDate(item, "2026-12-02", "2026-11-20")).toBe("order_delivery_mismatch");
    expect(checkDeliveryDate(item, "2026-11-25", "2026-11-26")).toBe("order_delivery_past");
  });
});
