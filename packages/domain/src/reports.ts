import { z } from "zod";
import { dataAnswer } from "./api";
import { SALE_METHODS } from "./counter-sales";
import { byReportChannel, dashboardMoney, ledgerSum } from "./dashboard";

/**
 * The day's report and its close (docs/decisions/0042-the-days-close.md): what was sold for the
 * day, the money that moved on it, and the wallet proof that must balance before it is closed.
 */

const amount = z.string();

/** Who paid money in, as the day's report splits it. */
export const PAYER_KINDS = ["guardian", "learner", "staff"] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];

export const salesTotals = z.object({ orders: z.number().int(), portions: z.number().int(), amount });
export type SalesTotals = z.infer<typeof salesTotals>;

/**
 * Opening + money in − orders + refunds ± corrections − payouts = closing, and closing must equal
 * the sum of the wallets' balances at the day's end as the ledger's own running balances say.
 */
export const walletProof = z.object({
  opening: amount,
  moneyIn: amount,
  orders: amount,
  refunds: amount,
  corrections: amount,
  /** Money paid back out to a bank account (a positive amount, like `orders`); none on days closed before payouts. */
  payouts: amount.optional(),
  closing: amount,
  sumOfBalances: amount,
  /** `sumOfBalances − closing`: "0.00" when the day balances. */
  difference: amount,
  balanced: z.boolean(),
});
export type WalletProof = z.infer<typeof walletProof>;

/**
 * The counter's day (decision 0071): its sales by how they were paid and by item, voided sales
 * left out of both; the voids and the stock's changes, each with why, for the bursar.
 */
export const dayCounter = z.object({
  byMethod: z.record(z.enum(SALE_METHODS), ledgerSum),
  voided: ledgerSum,
  byItem: z.array(z.object({ name: z.string(), quantity: z.number().int(), amount: z.string() })),
  voids: z.array(
    z.object({
      number: z.number().int(),
      method: z.enum(SALE_METHODS),
      total: z.string(),
      reason: z.string(),
      by: z.string(),
      at: z.string(),
    }),
  ),
  stockChanges: z.array(
    z.object({
      item: z.string(),
      from: z.number().int().nullable(),
      to: z.number().int().nullable(),
      reason: z.string(),
      by: z.string(),
      at: z.string(),
    }),
  ),
});
export type DayCounter = z.infer<typeof dayCounter>;

export const dayReport = z.object({
  date: z.string(),
  /** Orders for the day (by their delivery day), cancelled and failed ones left out. */
  sales: salesTotals,
  byItem: z.array(salesTotals.extend({ name: z.string() })),
  byRole: z.array(salesTotals.extend({ roleId: z.number().int() })),
  /**
   * Money that moved on the day, by when it moved: top-ups by channel net of their reversals,
   * refunds, corrections. A day closed before reversals were taken off their channels has no
   * `reversals`: its channels count them in full and its corrections hold them.
   */
  money: dashboardMoney.omit({ bankCreditsWaiting: true }).extend({ reversals: ledgerSum.optional() }),
  /** Ready but never collected. */
  noShows: salesTotals,
  /**
   * The money in of the day (top-ups by every channel, net of their reversals) by who paid:
   * `guardian` when a guardian paid into a learner's wallet, else by whose wallet it went into,
   * a learner's or a staff member's (decision 0068). Days closed before it have none.
   */
  moneyInByPayer: z.record(z.enum(PAYER_KINDS), ledgerSum).optional(),
  /** The counter's sales, voids and stock changes; days closed before the counter sold have none. */
  counter: dayCounter.optional(),
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

/**
 * A day's report; a closed day's is the frozen one, with its close. `bankCreditsWaiting`: the
 * bank credits waiting for an admin at /money now (review or unallocated), money in no wallet
 * yet that the admin may want to place before closing.
 */
export const dayReportAnswer = dataAnswer(
  dayReport.extend({ close: dayClose.nullable(), bankCreditsWaiting: z.number().int() }),
);

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
 * amount), `corrections` is signed (corrections and reversals of top-ups), `payouts` is
 * what was paid out (a positive amount).
 */
export function proveWallets(input: {
  opening: string;
  moneyIn: string;
  orders: string;
  refunds: string;
  corrections: string;
  payouts: string;
  sumOfBalances: string;
}): WalletProof {
  const closing =
    cents(input.opening) +
    cents(input.moneyIn) -
    cents(input.orders) +
    cents(input.refunds) +
    cents(input.corrections) -
    cents(input.payouts);
  const difference = cents(input.sumOfBalances) - closing;
  return { ...input, closing: rand(closing), difference: rand(difference), balanced: difference === 0 };
}

export const SALES_GROUPINGS = ["day", "week", "month"] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

/** The longest range the sales view answers: two years of days. */
export const SALES_MAX_DAYS = 731;

/** Top-ups by channel; legacy top-ups from before channels were recorded count as `other`. */
const topUpsByChannel = byReportChannel(amount);

export const salesPeriod = salesTotals.extend({
  /** The period's first day: the day, the week's Monday, the month's 1st. */
  period: z.string(),
  topUps: topUpsByChannel,
  /** The money held in all wallets at the period's end (the ledger's sum until then). */
  moneyHeld: amount,
});
export type SalesPeriod = z.infer<typeof salesPeriod>;

/** The counter's sales of a period, voided ones left out (decision 0071): the amount by how paid. */
export const counterPeriod = z.object({
  period: z.string(),
  sales: z.number().int(),
  byMethod: z.record(z.enum(SALE_METHODS), amount),
});

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(SALES_GROUPINGS),
  /** Every period of the range, empty ones included, so a chart's axis has no gaps. */
  series: z.array(salesPeriod),
  totals: salesTotals,
  /** The dishes sold most in the range, by portions: at most 10. */
  topItems: z.array(salesTotals.extend({ name: z.string() })),
  /** The counter's sales by period (every period), and what it sold most; left out by answers from before. */
  counter: z
    .object({
      series: z.array(counterPeriod),
      topItems: z.array(z.object({ name: z.string(), quantity: z.number().int(), amount })),
    })
    .optional(),
});
export type SalesReport = z.infer<typeof salesReport>;
export const salesReportAnswer = dataAnswer(salesReport);

export const LIABILITY_AGES = ["0-30", "31-90", "91-365", "over-365"] as const;
export type LiabilityAge = (typeof LIABILITY_AGES)[number];

export const liabilityReport = z.object({
  /** All the customers' money the canteen holds: the wallets' balances. */
  moneyHeld: amount,
  customersWithMoney: z.number().int(),
  /** Wallets with money by days since their last ledger row: money that sleeps. */
  byAge: z.array(z.object({ age: z.enum(LIABILITY_AGES), customers: z.number().int(), amount })),
  /** Bank credits that reached the canteen but no wallet yet. */
  unallocatedBankCredits: z.object({ count: z.number().int(), amount }),
});
export type LiabilityReport = z.infer<typeof liabilityReport>;
export const liabilityReportAnswer = dataAnswer(liabilityReport);
