import { z } from "zod";

/** Money is handled in cents on the way in and shown as rand with 2 decimals (spec §9). */
const rand = new Intl.NumberFormat("en-ZA", {
  style: "currency",
  currency: "ZAR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatRand(amount: number | string): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  return rand.format(Number.isFinite(value) ? value : 0);
}

export function lineTotal(price: number | string, quantity: number): number {
  return Math.round(Number(price) * 100 * quantity) / 100;
}

/** `a − b` for two rand amounts, to the cent ("50.00" − "12.50" = "37.50"). */
export function randDifference(a: string, b: string): string {
  return ((cents(a) - cents(b)) / 100).toFixed(2);
}

const cents = (rand: string) => Math.round(Number(rand) * 100);

/**
 * Whether a debit of `debited` that left `after` took the balance from `threshold` or above
 * to below it: the low-balance mail goes once per such crossing.
 */
export function debitCrossedBelow({
  after,
  debited,
  threshold,
}: {
  after: string;
  debited: string;
  threshold: string;
}): boolean {
  return cents(after) + cents(debited) >= cents(threshold) && cents(after) < cents(threshold);
}

/**
 * Rand as people type it: "47", "47.5", "47,50" (the Afrikaans decimal comma) or "47.50", at
 * most 2 decimals, above 0 and at most `max`. Parsed to "47.50".
 * The one rule for every amount a form or the API takes (prices, top-ups).
 */
export function randAmount(max: number, message = "validation_failed") {
  return z
    .string()
    .transform((value) => value.trim().replace(",", "."))
    .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, message))
    .transform(Number)
    .refine((rand) => rand > 0 && rand <= max, message)
    .transform((rand) => rand.toFixed(2));
}

/**
 * An amount as a plain number with 2 decimals in the language's way, for a spreadsheet:
 * "42,00" in Afrikaans, "42.00" in English; no currency sign, no grouping.
 */
export function formatAmount(amount: number | string, language: "af" | "en"): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  const fixed = (Number.isFinite(value) ? value : 0).toFixed(2);
  return language === "af" ? fixed.replace(".", ",") : fixed;
}
