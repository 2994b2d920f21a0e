import type { KitchenOrder } from "@kantien/domain/kitchen";
import { describe, expect, it } from "vitest";
import { LABELS_PER_SHEET, labelSheets, ordersToLabel, ordersToMake, pageRule } from "./print-layout";

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

  it("labels every order not yet handed over, by dish then name", () => {
    expect(ordersToLabel(day).map((o) => `${o.itemName} ${o.customerName} ${o.status}`)).toEqual([
      "Bobotie Anna paid",
      "Bobotie Dirk processing",
      "Pasta Ben pending",
      "Pasta Zola ready",
    ]);
  });

  it("lists as still to make only orders not begun or in preparation", () => {
    expect(ordersToMake(day).map((o) => o.status)).toEqual(["paid", "processing", "pending"]);
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
