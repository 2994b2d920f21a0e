import { describe, expect, it } from "vitest";
import {
  isValidPaymentReference,
  nearPaymentReferences,
  normalisePaymentReference,
  PAYMENT_REFERENCE_ALPHABET,
  paymentReferenceCheck,
  paymentReferencesIn,
} from "./payment-reference";

/** `count` references from a fixed seed (a linear congruential walk), so every run checks the same ones. */
function references(count: number): string[] {
  let seed = 20_261_126;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: count }, () => {
    const body = Array.from({ length: 5 }, () => PAYMENT_REFERENCE_ALPHABET[next() % 32]).join("");
    return `KAN${body}${paymentReferenceCheck(body)}`;
  });
}

describe("a payment reference", () => {
  it("is KAN, five base32 characters and a check character from the same alphabet", () => {
    for (const reference of references(500)) {
      expect(reference).toMatch(/^KAN[0-9A-HJKMNP-TV-Z]{6}$/);
      expect(isValidPaymentReference(reference)).toBe(true);
    }
  });

  it("catches every one-character typo and every swap of two different neighbours", () => {
    let typos = 0;
    for (const reference of references(300)) {
      const chars = [...reference.slice(3)];
      for (let at = 0; at < chars.length; at++) {
        for (const other of PAYMENT_REFERENCE_ALPHABET) {
          if (other === chars[at]) continue;
          const typo = chars.with(at, other).join("");
          expect(isValidPaymentReference(`KAN${typo}`), `${reference} → KAN${typo}`).toBe(false);
          typos += 1;
        }
        if (at + 1 < chars.length && chars[at] !== chars[at + 1]) {
          const swapped = chars
            .with(at, chars[at + 1]!)
            .with(at + 1, chars[at]!)
            .join("");
          expect(isValidPaymentReference(`KAN${swapped}`), `${reference} → KAN${swapped}`).toBe(false);
          typos += 1;
        }
      }
    }
    // 300 references × (6 positions × 31 substitutions + up to 5 swaps).
    expect(typos).toBeGreaterThan(300 * 6 * 31);
  });

  it("is read whatever the case, spaces and dashes, with O as 0 and I or L as 1", () => {
    const [reference] = references(1);
    const body = reference!.slice(3);
    expect(normalisePaymentReference(` kan-${body.slice(0, 3).toLowerCase()} ${body.slice(3)} `)).toBe(
      reference,
    );
    expect(normalisePaymentReference("KANO0IL1A")).toBe("KAN00111A");
    expect(isValidPaymentReference(reference!.toLowerCase())).toBe(true);
  });

  it("is not a reference without the prefix, with a symbol or the wrong length", () => {
    for (const bad of [
      "",
      "KAN",
      "7K3Q94ABC",
      "KAN7K3Q9",
      "KAN7K3Q9ZX",
      "KAN7K3Q9U",
      "KAN7K3Q9*",
      "KAB7K3Q94",
    ]) {
      expect(normalisePaymentReference(bad), bad).toBeNull();
      expect(isValidPaymentReference(bad), bad).toBe(false);
    }
    expect(paymentReferenceCheck("7K3Q")).toBeNull();
    expect(paymentReferenceCheck("7K3QU")).toBeNull();
  });
});

describe("finding references in a bank line", () => {
  const [first, second] = references(2) as [string, string];

  it("finds them anywhere, whatever the case, spaces and dashes", () => {
    const spaced = `${first.slice(0, 3).toLowerCase()} ${first.slice(3, 6)}-${first.slice(6)}`;
    expect(paymentReferencesIn(`EFT CREDIT ${spaced} LUNCH`)).toEqual({ valid: [first], invalid: [] });
    expect(paymentReferencesIn(`${first} en ${second}`).valid).toEqual([first, second]);
    expect(paymentReferencesIn("MAGTIG DEBIET 12345")).toEqual({ valid: [], invalid: [] });
  });

  it("keeps a wrong check character apart, and names what it may have meant", () => {
    const last = first.at(-1)!;
    const wrong = `${first.slice(0, -1)}${PAYMENT_REFERENCE_ALPHABET[(PAYMENT_REFERENCE_ALPHABET.indexOf(last) + 1) % 32]}`;
    expect(paymentReferencesIn(`BETALING ${wrong}`)).toEqual({ valid: [], invalid: [wrong] });
    const near = nearPaymentReferences(wrong);
    expect(near[0]).toBe(first);
    expect(near.every(isValidPaymentReference)).toBe(true);
    // One per other position: exactly one character there makes the check right.
    expect(near).toHaveLength(6);
  });
});
