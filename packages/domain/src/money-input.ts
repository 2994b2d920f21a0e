import { z } from "zod";

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
