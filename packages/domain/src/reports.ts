import { z } from "zod";
import { dataAnswer } from "./api";
import { dashboardMoney } from "./dashboard";

/**
 * The day's report and its close (docs/decisions/0042-the-days-close.md): what was sold for the
 * day, the money that moved on it, and the wallet proof that must balance before it is closed.
 */

const amount = z.string();

export const salesTotals = z.object({ orders: z.number().int(), portions: z.number().int(), amount });
export type SalesTotals = z.infer<typeof salesTotals>;

/**
 * Opening + money in − orders + refunds ± corrections = closing, and closing must equal the sum
 * of the wallets' balances at the day's end as the ledger's own running balances say.
 */
export const walletProof = z.object({
  opening: amount,
  moneyIn: amount,
  orders: amount,
  refunds: amount,
  corrections: amount,
  closing: amount,
  sumOfBalances: amount,
  /** `sumOfBalances − closing`: "0.00" when the day balances. */
  difference: amount,
  balanced: z.boolean(),
});
export type WalletProof = z.infer<typeof walletProof>;

export const dayReport = z.object({
  date: z.string(),
  /** Orders for the day (by their delivery day), cancelled and failed ones left out. */
  sales: salesTotals,
  byItem: z.array(salesTotals.extend({ name: z.string() })),
  byRole: z.array(salesTotals.extend({ roleId: z.number().int() })),
  /** Money that moved on the day, by when it moved: top-ups by channel, refunds, corrections. */
  money: dashboardMoney.omit({ bankCreditsWaiting: true }),
  /** Ready but never collected. */
  noShows: salesTotals,
  walletProof,
});
export type DayReport = z.infer<typeof dayReport>;

export const dayClose = z.object({
  date: z.string(),
  closedAt: z.string(),
  closedBy: z.string().nullable(),
  /** SHA-256 (hex) of the previous close's hash and this report's JSON. */
  hash: z.string(),
  previousHash: z.string().nullable(),
});
export type DayClose = z.infer<typeof dayClose>;

/** A day's report; a closed day's is the frozen one, with its close. */
export const dayReportAnswer = dataAnswer(dayReport.extend({ close: dayClose.nullable() }));

/** Every close, oldest first, each with whether its hash and its link to the one before still hold. */
export const dayClosesAnswer = dataAnswer(
  z.object({
    closes: z.array(dayClose.extend({ intact: z.boolean() })),
    /** False as soon as one close no longer matches its hash or its link. */
    chainIntact: z.boolean(),
  }),
);

const cents = (rand: string) => Math.round(Number(rand) * 100);
const rand = (value: number) => (value / 100).toFixed(2);

/** Adds sales totals to the cent. */
export function addSales(a: SalesTotals, b: SalesTotals): SalesTotals {
  return {
    orders: a.orders + b.orders,
    portions: a.portions + b.portions,
    amount: rand(cents(a.amount) + cents(b.amount)),
  };
}

export const NO_SALES: SalesTotals = { orders: 0, portions: 0, amount: "0.00" };

/**
 * The proof from the ledger's sums of the day: `orders` is what orders took (a positive
 * amount), `corrections` is signed (corrections and reversals of top-ups).
 */
export function proveWallets(input: {
  opening: string;
  moneyIn: string;
  orders: string;
  refunds: string;
  corrections: string;
  sumOfBalances: string;
}): WalletProof {
  const closing =
    cents(input.opening) +
    cents(input.moneyIn) -
    cents(input.orders) +
    cents(input.refunds) +
    cents(input.corrections);
  const difference = cents(input.sumOfBalances) - closing;
  return { ...input, closing: rand(closing), difference: rand(difference), balanced: difference === 0 };
}
