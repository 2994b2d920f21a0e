import type { KitchenOrder } from "@kantien/domain/kitchen";
import { describe, expect, it } from "vitest";
import {
  LABELS_PER_SHEET,
  labelSheets,
  ordersToLabel,
  ordersToMake,
  pageRule,
  prepStage,
} from "./print-layout";

let next = 0;
function order(status: KitchenOrder["status"], itemName: string, customerName: string): KitchenOrder {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    pickupNumber: next,
    status,
    quantity: 1,
    price: "30.00",
    createdAt: "2031-06-09T06:00:00.000Z",
    statusChangedAt: "2031-06-09T06:00:00.000Z",
    deliveryDate: "2031-06-09",
    customerName,
    itemName,
    preparationTime: 10,
    itemAllergens: [],
    allergyAlert: null,
  };
}

describe("print layout", () => {
  const day = [
    order("ready", "Pasta", "Zola"),
    order("delivered", "Bobotie", "Anna"),
    order("pending", "Pasta", "Ben"),
    order("cancelled", "Bobotie", "Cara"),
    order("processing", "Bobotie", "Dirk"),
    order("paid", "Bobotie", "Anna"),
    order("failed", "Pasta", "Eben"),
  ];

  it("labels every order not yet handed over, by dish then order number, never by first name", () => {
    expect(ordersToLabel(day).map((o) => `${o.itemName} #${o.pickupNumber} ${o.customerName}`)).toEqual([
      "Bobotie #5 Dirk",
      "Bobotie #6 Anna",
      "Pasta #1 Zola",
      "Pasta #3 Ben",
    ]);
  });

  it("lists as still to make only orders not begun or in preparation, by dish then number", () => {
    expect(ordersToMake(day).map((o) => `${o.itemName} #${o.pickupNumber} ${o.status}`)).toEqual([
      "Bobotie #5 processing",
      "Bobotie #6 paid",
      "Pasta #3 pending",
    ]);
  });

  it("names an order's stage as the sheet's table does: paid or not, not begun is one stage", () => {
    expect(prepStage("pending")).toBe("waiting");
    expect(prepStage("paid")).toBe("waiting");
    expect(prepStage("processing")).toBe("processing");
    expect(prepStage("ready")).toBe("ready");
    expect(prepStage("delivered")).toBe("delivered");
    expect(prepStage("cancelled")).toBeNull();
  });

  it("cuts labels into sheets of 21", () => {
    const labels = Array.from({ length: 45 }, (_, index) => index);
    expect(LABELS_PER_SHEET).toBe(21);
    expect(labelSheets(labels).map((sheet) => sheet.length)).toEqual([21, 21, 3]);
    expect(labelSheets([])).toEqual([]);
  });

  it("sizes the page for the paper: A4, one receipt label, or a receipt as long as the sheet", () => {
    expect(pageRule("labels", "a4", 0)).toBe("@page { size: A4; margin: 0 }");
    expect(pageRule("prep", "a4", 0)).toBe("@page { size: A4; margin: 12mm }");
    expect(pageRule("labels", "receipt", 0)).toBe("@page { size: 80mm 50mm; margin: 0 }");
    expect(pageRule("prep", "receipt", 137)).toBe("@page { size: 80mm 137mm; margin: 0 }");
  });
});
