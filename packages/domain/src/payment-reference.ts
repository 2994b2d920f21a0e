/**
 * A wallet's payment reference (decision 0033): `KAN`, five characters of Crockford's base32
 * and one check character from the same 32 letters and digits, e.g. `KAN7K3Q9Z`. Banks strip
 * symbols, so the check character is no symbol: it is the one that makes
 * Σ d_i · 2^(5−i) = 0 over GF(32) (digits d_0…d_5, the check last, x^5 + x^2 + 1). Every
 * position's weight is non-zero, so any one wrong character changes the sum; two neighbours
 * a ≠ b swapped change it by (a + b) · 2^k · 3 ≠ 0, so every such swap is caught too.
 *
 * The database makes the references (the default of `payment_references.reference`, the
 * same sum in SQL); this module checks and finds them.
 */
export const PAYMENT_REFERENCE_PREFIX = "KAN";
export const PAYMENT_REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** The five characters after `KAN`; the check character follows them. */
export const PAYMENT_REFERENCE_BODY_LENGTH = 5;

const VALUE = new Map([...PAYMENT_REFERENCE_ALPHABET].map((char, value) => [char, value]));
// Crockford's read-alikes: O is 0, I and L are 1.
for (const [alike, char] of [
  ["O", "0"],
  ["I", "1"],
  ["L", "1"],
] as const) {
  VALUE.set(alike, VALUE.get(char)!);
}

/** x · 2 in GF(32) modulo x^5 + x^2 + 1. */
function times2(x: number): number {
  const shifted = x << 1;
  return shifted & 32 ? shifted ^ 0b100101 : shifted;
}

/** Σ d_i · 2^(n−1−i) over GF(32), by Horner's rule: (…(d_0·2 + d_1)·2 + …) + d_(n−1). */
function weightedSum(values: number[]): number {
  return values.reduce((sum, value) => times2(sum) ^ value, 0);
}

function values(chars: string): number[] | null {
  const out: number[] = [];
  for (const char of chars.toUpperCase()) {
    const value = VALUE.get(char);
    if (value === undefined) return null;
    out.push(value);
  }
  return out;
}

/** The check character of a five-character body (Crockford base32), or null if it is not one. */
export function paymentReferenceCheck(body: string): string | null {
  const digits = values(body);
  if (!digits || digits.length !== PAYMENT_REFERENCE_BODY_LENGTH) return null;
  // The check c makes times2(sum) ^ c = 0, so c = times2(sum).
  return PAYMENT_REFERENCE_ALPHABET[times2(weightedSum(digits))]!;
}

/**
 * `text` as a reference's canonical form (`KAN` + six characters, upper case, O→0, I/L→1),
 * or null when it is not one; spaces and dashes are ignored. The check character is not checked.
 */
export function normalisePaymentReference(text: string): string | null {
  const compact = text.replace(/[\s-]+/g, "").toUpperCase();
  if (!compact.startsWith(PAYMENT_REFERENCE_PREFIX)) return null;
  const digits = values(compact.slice(PAYMENT_REFERENCE_PREFIX.length));
  if (!digits || digits.length !== PAYMENT_REFERENCE_BODY_LENGTH + 1) return null;
  return PAYMENT_REFERENCE_PREFIX + digits.map((d) => PAYMENT_REFERENCE_ALPHABET[d]).join("");
}

/** Whether `text` is a reference whose check character is right (case, spaces and dashes ignored). */
export function isValidPaymentReference(text: string): boolean {
  const reference = normalisePaymentReference(text);
  if (!reference) return false;
  return weightedSum(values(reference.slice(PAYMENT_REFERENCE_PREFIX.length))!) === 0;
}

/**
 * The references a bank line's text names: every `KAN` and six characters found anywhere in it,
 * case, spaces and dashes ignored, as canonical forms; `valid` have a right check character,
 * `invalid` a wrong one (a near miss, never matched on its own).
 */
export function paymentReferencesIn(text: string): { valid: string[]; invalid: string[] } {
  const compact = text.replace(/[\s-]+/g, "").toUpperCase();
  const valid = new Set<string>();
  const invalid = new Set<string>();
  for (const [found] of compact.matchAll(/KAN[0-9A-Z]{6}/g)) {
    const reference = normalisePaymentReference(found);
    if (!reference) continue;
    (isValidPaymentReference(reference) ? valid : invalid).add(reference);
  }
  return { valid: [...valid], invalid: [...invalid] };
}

/**
 * The valid references one character away from `reference`, the check character's own fix
 * first: what a near miss may have meant.
 */
export function nearPaymentReferences(reference: string): string[] {
  const body = reference.slice(PAYMENT_REFERENCE_PREFIX.length);
  const near: string[] = [];
  const withCheck = `${PAYMENT_REFERENCE_PREFIX}${body.slice(0, -1)}${paymentReferenceCheck(body.slice(0, -1))}`;
  if (withCheck !== reference) near.push(withCheck);
  for (let at = 0; at < body.length - 1; at++) {
    for (const char of PAYMENT_REFERENCE_ALPHABET) {
      if (char === body[at]) continue;
      const candidate = `${PAYMENT_REFERENCE_PREFIX}${body.slice(0, at)}${char}${body.slice(at + 1)}`;
      if (isValidPaymentReference(candidate)) near.push(candidate);
    }
  }
  return near;
}
