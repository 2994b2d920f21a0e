import { describe, expect, it } from "vitest";
import { formatRand, moneyFieldValue } from "./money";
import { randAmount } from "./money-input";

describe("formatRand", () => {
  it("writes a negative amount with a real minus sign before the R, never a hyphen", () => {
    expect(formatRand("-1500.00")).toBe("\u2212R\u00a01\u00a0500,00");
    expect(formatRand(-70)).toBe(`\u2212${formatRand(70)}`);
    expect(formatRand("-0.50")).toBe(`\u2212${formatRand("0.50")}`);
    expect(formatRand("-1500.00")).not.toContain("-");
  });

  it("writes a positive amount and zero without a sign, also an amount that rounds to zero", () => {
    expect(formatRand("2102.50")).toBe("R\u00a02\u00a0102,50");
    expect(formatRand(0)).toBe(formatRand("-0.001"));
    expect(formatRand("-0.00")).toBe(formatRand(0));
  });
});

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
