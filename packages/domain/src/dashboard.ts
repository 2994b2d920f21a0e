import { z } from "zod";
import { dataAnswer, orderStatusSchema } from "./api";
import { addDaysIso, type IsoDate, mondayOf, schoolDays } from "./dates";
import {
  type LedgerKind,
  MONEY_CHANNELS,
  perReportChannel,
  REPORT_CHANNELS,
  type ReportChannel,
} from "./money-channels";
import { type ChipColor, statusChipColor } from "./order-status";

/**
 * Contract of the dashboard (/dashboard, staff and admin): what today asks of the canteen.
 * `GET /api/dashboard` → `{ success, data: DashboardSummary }`. Today's numbers are the kitchen
 * board's, counted by the kitchen's rules (kitchen-rules.ts); money only for admins.
 */

/** Today's orders as the kitchen board counts them (`kitchenCounts`, `portionsToMake`, `lateOrderCount`). */
export const dashboardToday = z.object({
  /** Today in the canteen's time zone. */
  date: z.string(),
  /** Portions still to make per dish, the largest first. */
  toMake: z.array(z.object({ itemName: z.string(), portions: z.number().int() })),
  /** Orders (not portions) per kitchen stage; `total` leaves cancelled and failed out. */
  orders: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    processing: z.number().int(),
    ready: z.number().int(),
    delivered: z.number().int(),
  }),
  /** Waiting orders the board marks late, and the canteen's minutes for "late". */
  late: z.number().int(),
  lateMinutes: z.number().int(),
});
export type DashboardToday = z.infer<typeof dashboardToday>;

/** A sum of ledger rows: rand as a signed decimal string, and how many rows. */
export const ledgerSum = z.object({ amount: z.string(), count: z.number().int() });
export type LedgerSum = z.infer<typeof ledgerSum>;

/** An object of one `schema` per report channel, in the reports' order: `{ cash, card, eft, other }`. */
export function byReportChannel<S extends z.ZodType>(schema: S) {
  return z.object(perReportChannel(() => schema));
}

/**
 * Today's money from the wallet ledger: admins only. A reversed top-up is taken off the channel
 * it came in by, on the day it is reversed (the reversal's row names the top-up it undoes), so
 * each channel is the money that channel really brought in (docs/product.md, "Vandag ingebetaal").
 */
export const dashboardMoney = z.object({
  /**
   * By channel, net of the reversals of its top-ups (`count` counts the top-ups); `other` holds
   * top-ups from before channels were recorded (ledger kind `top_up`).
   */
  topUps: byReportChannel(ledgerSum),
  /** Every rand that came in today, net: the channels' sum. */
  totalIn: z.string(),
  /** The reversals of top-ups (a negative amount), already taken off their channels above. */
  reversals: ledgerSum,
  /** Cancelled orders paid back to wallets. */
  refunds: ledgerSum,
  /** Admins' corrections and their reversals, net (negative when more was taken back). */
  corrections: ledgerSum,
  /** Bank credits waiting for an admin at /money: in review or unallocated. */
  bankCreditsWaiting: z.number().int(),
});
export type DashboardMoney = z.infer<typeof dashboardMoney>;

/** A recent-activity entry: the latest 3 orders and the latest 2 new users, newest first. */
export const activityEntry = z.object({
  id: z.string(),
  type: z.enum(["order", "user"]),
  /** Order: the customer's name; user: the new user's name. */
  title: z.string(),
  /** Order: item × quantity; user: the role name as stored (the screen names `roleId` in its language). */
  description: z.string(),
  /** User: their role; order: null. */
  roleId: z.number().int().nullable(),
  timestamp: z.string(),
  /** Order: its status; user: "completed" (a chip that reads as 'new'). */
  status: z.union([orderStatusSchema, z.literal("completed")]),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/**
 * A wallet whose balance is not the sum of its ledger rows: money the ledger cannot explain
 * (docs/decisions/0042-the-days-close.md). Until it is found, no day closes.
 */
export const walletOffLedger = z.object({
  customerId: z.string(),
  name: z.string(),
  /** The wallet's balance (`wallets.balance`). */
  balance: z.string(),
  /** The sum of the wallet's ledger rows. */
  ledger: z.string(),
  /** `balance − ledger`. */
  difference: z.string(),
});
export type WalletOffLedger = z.infer<typeof walletOffLedger>;

export const dashboardSummary = z.object({
  today: dashboardToday,
  /** Null for staff: cooks do not see money. */
  money: dashboardMoney.nullable(),
  /** Wallets that do not match their ledger, the largest difference first; null for staff. */
  walletsOffLedger: z.array(walletOffLedger).nullable(),
  /** Customers whose wallet is under the canteen's low-balance line (the customers' "low" tab). */
  lowBalances: z.object({ count: z.number().int(), threshold: z.string() }),
  /** School days from today to next week's Friday without a dish (`daysWithoutMenu`). */
  daysWithoutMenu: z.array(z.string()),
  activity: z.array(activityEntry),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
/** `GET /api/dashboard`. */
export const dashboardAnswer = dataAnswer(dashboardSummary);

/**
 * The school days the dashboard watches for a menu: this week's from today on, and all of next
 * week (on a weekend, "this week" is over and next week is the coming one).
 */
export function watchedSchoolDays(today: IsoDate): IsoDate[] {
  const monday = mondayOf(today);
  return [...schoolDays(monday).filter((day) => day >= today), ...schoolDays(addDaysIso(monday, 7))];
}

/** The watched school days that have no dish on a menu, in date order. */
export function daysWithoutMenu(today: IsoDate, daysWithADish: Iterable<IsoDate>): IsoDate[] {
  const served = new Set(daysWithADish);
  return watchedSchoolDays(today).filter((day) => !served.has(day));
}

/** Whether the gaps hold every school day of the week that starts on `monday`: no menu at all. */
export function weekWithoutMenu(gaps: readonly IsoDate[], monday: IsoDate): boolean {
  return schoolDays(monday).every((day) => gaps.includes(day));
}

const cents = (rand: string) => Math.round(Number(rand) * 100);
const rand = (value: number) => (value / 100).toFixed(2);

/** A sum of the ledger's rows of one kind; a reversal's also names the kind of the row it undoes. */
export type LedgerKindSum = { kind: LedgerKind; reverses?: LedgerKind | null; amount: string; count: number };

/**
 * Money from the ledger's sums per kind: top-ups by channel net of their reversals, the total in,
 * the reversals, refunds, and corrections (with a correction's reversal). Order debits are not
 * money in, and are left out.
 */
export function moneyFromLedger(sums: readonly LedgerKindSum[]): Omit<DashboardMoney, "bankCreditsWaiting"> {
  const of = (pick: (sum: LedgerKindSum) => boolean) => {
    let total = 0;
    let count = 0;
    for (const sum of sums) {
      if (!pick(sum)) continue;
      total += cents(sum.amount);
      count += sum.count;
    }
    return { cents: total, count };
  };
  const reversalOf = (kinds: readonly LedgerKind[]) => (sum: LedgerKindSum) =>
    sum.kind === "reversal" && kinds.includes(sum.reverses ?? MONEY_CHANNELS.correction.kind);
  const channelKinds = REPORT_CHANNELS.map((channel) => MONEY_CHANNELS[channel].kind);
  const channel = (name: ReportChannel): LedgerSum => {
    const kind = MONEY_CHANNELS[name].kind;
    const topUps = of((sum) => sum.kind === kind);
    const reversed = of(reversalOf([kind]));
    return { amount: rand(topUps.cents + reversed.cents), count: topUps.count };
  };
  const topUps = perReportChannel(channel);
  const reversals = of(reversalOf(channelKinds));
  // A reversal whose top-up is unknown counts as a correction's, so no rand goes missing.
  const correction = MONEY_CHANNELS.correction.kind;
  const corrections = of((sum) => sum.kind === correction || reversalOf([correction])(sum));
  const refunds = of((sum) => sum.kind === "refund");
  return {
    topUps,
    totalIn: rand(Object.values(topUps).reduce((total, sum) => total + cents(sum.amount), 0)),
    reversals: { amount: rand(reversals.cents), count: reversals.count },
    refunds: { amount: rand(refunds.cents), count: refunds.count },
    corrections: { amount: rand(corrections.cents), count: corrections.count },
  };
}

/**
 * Chip colour of an activity entry: pending warning, completed
 * success, processing info; the other statuses keep their order chip colours.
 */
export function activityChipColor(status: ActivityEntry["status"]): ChipColor {
  if (status === "completed") return "success";
  if (status === "processing") return "info";
  return statusChipColor(status);
}
