import { describe, expect, it } from "vitest";
import { kitchenCounts } from "./kitchen";
import { ORDER_STATUSES } from "./order-status";

describe("kitchenCounts", () => {
  it("counts the columns and leaves cancelled and failed orders out of the total", () => {
    const orders = ORDER_STATUSES.map((status) => ({ status }));
    expect(kitchenCounts([...orders, { status: "pending" }])).toEqual({
      total: 6,
      // pending twice and paid: a paid order waits for the kitchen too.
      pending: 3,
      processing: 1,
      ready: 1,
    });
    expect(kitchenCounts([])).toEqual({ total: 0, pending: 0, processing: 0, ready: 0 });
  });
});
