import { describe, expect, it } from "vitest";
import { allergenVerdict } from "./allergen-verdict";
import { allergenWarnings } from "./allergens";

describe("allergenWarnings and allergenVerdict", () => {
  const satay = [
    { code: "peanuts", level: "contains" },
    { code: "milk", level: "may_contain" },
  ] as const;

  it("matches only the allergies the dish declares, in the list's order, with how the customer reacts", () => {
    const warnings = allergenWarnings(
      [...satay],
      [
        { code: "milk", severity: "severe" },
        { code: "fish", severity: "severe" },
        { code: "peanuts", severity: "intolerance" },
      ],
    );
    expect(warnings).toEqual([
      { code: "peanuts", level: "contains", severity: "intolerance" },
      { code: "milk", level: "may_contain", severity: "severe" },
    ]);
    // A severe allergy the dish only may contain asks for a yes; it does not refuse.
    expect(allergenVerdict(warnings)).toBe("confirm");
  });

  it("refuses a dish that contains a severe allergen, and lets a dish without a match go", () => {
    expect(allergenVerdict(allergenWarnings([...satay], [{ code: "peanuts", severity: "severe" }]))).toBe(
      "blocked",
    );
    expect(allergenVerdict(allergenWarnings([...satay], [{ code: "sesame", severity: "severe" }]))).toBe(
      "none",
    );
    // A dish that declares nothing matches nothing (its card says it is not checked, not that it is free of anything).
    expect(allergenVerdict(allergenWarnings([], [{ code: "peanuts", severity: "severe" }]))).toBe("none");
  });
});
