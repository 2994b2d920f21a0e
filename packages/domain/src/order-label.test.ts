import { describe, expect, it } from "vitest";
import { orderLabel, orderNumberSearch } from "./order-label";

const ID = "6f1c2b7e-98a4-4d51-b0c3-12ab34cd56ef";

describe("orderLabel", () => {
  it("is the day's pickup number", () => {
    expect(orderLabel({ pickupNumber: 7 })).toBe("7");
    expect(orderLabel({ pickupNumber: 128 })).toBe("128");
  });
});

describe("orderNumberSearch", () => {
  it("reads a pickup number with or without its #", () => {
    for (const [q, number] of [
      ["12", 12],
      ["#12", 12],
      [" # 7 ", 7],
      ["007", 7],
      ["99999", 99_999],
    ] as const) {
      expect(orderNumberSearch(q), q).toEqual({ kind: "number", number });
    }
  });

  it("reads a whole id, as a scanned QR code gives it", () => {
    expect(orderNumberSearch(ID.toUpperCase())).toEqual({ kind: "id", id: ID });
  });

  it("leaves names, zero, long numbers and mixed words to the name search", () => {
    for (const q of [undefined, "", "#", "Anna", "0", "#0", "100000", "12 anna", "1.5", "-3", "CD56EF"]) {
      expect(orderNumberSearch(q), String(q)).toBeNull();
    }
  });
});
