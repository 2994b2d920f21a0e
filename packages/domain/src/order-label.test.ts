import { describe, expect, it } from "vitest";
import { orderLabel } from "./order-label";

const ID = "6f1c2b7e-98a4-4d51-b0c3-12ab34cd56ef";

describe("orderLabel", () => {
  it("uses the last 6 characters on the weekly view and the kitchen", () => {
    expect(orderLabel(ID, "weekly")).toBe("CD56EF");
    expect(orderLabel(ID, "kitchen")).toBe("CD56EF");
  });

  it("uses the last 4 characters on the orders and staff screens", () => {
    expect(orderLabel(ID, "orders")).toBe("56EF");
    expect(orderLabel(ID, "staff")).toBe("56EF");
  });

  it("keeps a short id whole", () => {
    expect(orderLabel("a1", "orders")).toBe("A1");
  });
});
