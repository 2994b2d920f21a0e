import { describe, expect, it } from "vitest";
import { bankLineNamesOther } from "./bank-statements";

describe("bankLineNamesOther", () => {
  it("says so when the bank line names someone else, or no one the customer is called", () => {
    expect(bankLineNamesOther("FNB APP PAYMENT FROM T BOTHA KAN7XK2P8", "Annelie Nkosi")).toBe(true);
    expect(bankLineNamesOther("ACB CREDIT KAN7XK2P8", "Annelie Nkosi")).toBe(true);
    // "VAN" alone names no one.
    expect(bankLineNamesOther("J VAN WYK KAN7XK2P8", "Jan van der Merwe")).toBe(true);
  });

  it("is quiet when the line names the customer's surname or first name, whatever the case or accents", () => {
    expect(bankLineNamesOther("FNB APP PAYMENT FROM A NKOSI", "Annelie Nkosi")).toBe(false);
    expect(bankLineNamesOther("ANNELIE SKOOLKOS", "Annelie Nkosi")).toBe(false);
    expect(bankLineNamesOther("MAGTAPE CREDIT ANE DU TOIT", "Ané du Toit")).toBe(false);
    expect(bankLineNamesOther("J VAN DER MERWE", "Jan van der Merwe")).toBe(false);
  });
});
