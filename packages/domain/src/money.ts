/** Money is handled in cents on the way in and shown as rand with 2 decimals. */
const rand = new Intl.NumberFormat("en-ZA", {
  style: "currency",
  currency: "ZAR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Rand as every screen, mail and slip writes it: "R 1 500,00", and a negative amount with a real
 * minus sign (U+2212) before the "R", "−R 1 500,00", never a hyphen. An amount that rounds to
 * zero cents has no sign.
 */
export function formatRand(amount: number | string): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  const cents = Number.isFinite(value) ? Math.round(value * 100) : 0;
  const written = rand.format(Math.abs(cents) / 100);
  return cents < 0 ? `\u2212${written}` : written;
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
 * An amount as a plain number with 2 decimals in the language's way, for a spreadsheet:
 * "42,00" in Afrikaans, "42.00" in English; no currency sign, no grouping.
 */
export function formatAmount(amount: number | string, language: "af" | "en"): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  const fixed = (Number.isFinite(value) ? value : 0).toFixed(2);
  return language === "af" ? fixed.replace(".", ",") : fixed;
}

/**
 * An amount as a money field shows it: the way `formatRand` writes money in both languages
 * (a decimal comma), without the "R" the field puts before it and without grouping, so it
 * reads back unchanged through `randAmount` ("52,00").
 */
export function moneyFieldValue(amount: number | string): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  return (Number.isFinite(value) ? value : 0).toFixed(2).replace(".", ",");
}
