import { describe, expect, it } from "vitest";
import { allergenVerdict, hasSevereWarning, hasUncheckedWarning } from "./allergen-verdict";
import { type Allergies, allergenWarnings } from "./allergens";

describe("allergenWarnings and allergenVerdict", () => {
  const satay = [
    { code: "peanuts", level: "contains" },
    { code: "milk", level: "may_contain" },
  ] as const;
  const checked = { checked: true };
  const unchecked = { checked: false };
  const severePeanuts: Allergies = [{ code: "peanuts", severity: "severe" }];
  const mildMilk: Allergies = [{ code: "milk", severity: "intolerance" }];

  it("matches only the allergies a checked dish declares, in the list's order, with how the customer reacts", () => {
    const warnings = allergenWarnings(
      [...satay],
      [
        { code: "milk", severity: "severe" },
        { code: "fish", severity: "severe" },
        { code: "peanuts", severity: "intolerance" },
      ],
      checked,
    );
    expect(warnings).toEqual([
      { code: "peanuts", level: "contains", severity: "intolerance" },
      { code: "milk", level: "may_contain", severity: "severe" },
    ]);
    // A severe allergy the dish only may contain asks for a yes; it does not refuse.
    expect(allergenVerdict(warnings)).toBe("confirm");
  });

  it("refuses a dish that contains a severe allergen, and lets a checked dish without a match go", () => {
    expect(allergenVerdict(allergenWarnings([...satay], severePeanuts, checked))).toBe("blocked");
    expect(
      allergenVerdict(allergenWarnings([...satay], [{ code: "sesame", severity: "severe" }], checked)),
    ).toBe("none");
  });

  it("counts a checked dish that declares nothing as free of every allergen", () => {
    for (const allergies of [severePeanuts, mildMilk]) {
      expect(allergenWarnings([], allergies, checked)).toEqual([]);
      expect(allergenVerdict(allergenWarnings([], allergies, checked))).toBe("none");
    }
  });

  it("counts an unchecked dish that declares nothing as free of nothing: every allergy asks, as 'unchecked'", () => {
    const severe = allergenWarnings([], severePeanuts, unchecked);
    expect(severe).toEqual([{ code: "peanuts", level: "unchecked", severity: "severe" }]);
    expect([allergenVerdict(severe), hasUncheckedWarning(severe), hasSevereWarning(severe)]).toEqual([
      "confirm",
      true,
      true,
    ]);
    const mild = allergenWarnings([], mildMilk, unchecked);
    expect(mild).toEqual([{ code: "milk", level: "unchecked", severity: "intolerance" }]);
    expect([allergenVerdict(mild), hasSevereWarning(mild)]).toEqual(["confirm", false]);
    // A customer without allergies has nothing to be warned of.
    expect(allergenWarnings([], [], unchecked)).toEqual([]);
  });

  it("warns an unchecked dish's partial declaration at its level, and the rest as 'unchecked'", () => {
    const warnings = allergenWarnings(
      [{ code: "milk", level: "contains" }],
      [...severePeanuts, ...mildMilk],
      unchecked,
    );
    expect(warnings).toEqual([
      { code: "peanuts", level: "unchecked", severity: "severe" },
      { code: "milk", level: "contains", severity: "intolerance" },
    ]);
    expect(allergenVerdict(warnings)).toBe("confirm");
    // What it declares it contains still refuses a severe allergy.
    expect(
      allergenVerdict(allergenWarnings([{ code: "peanuts", level: "contains" }], severePeanuts, unchecked)),
    ).toBe("blocked");
  });
});
