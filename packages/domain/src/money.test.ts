import { describe, expect, it } from "vitest";
import { formatRand, moneyFieldValue } from "./money";
import { randAmount } from "./money-input";

describe("moneyFieldValue", () => {
  it("writes an amount as formatRand does, without the sign, and reads back the same", () => {
    expect(moneyFieldValue("52.00")).toBe("52,00");
    expect(moneyFieldValue(1234.5)).toBe("1234,50");
    expect(formatRand("52.00")).toContain("52,00");
    const price = randAmount(100_000);
    for (const amount of ["52.00", "0.50", "1234.50"]) {
      expect(price.parse(moneyFieldValue(amount))).toBe(amount);
    }
  });
});
