import { isAdminRole, isStaffRole } from "./roles";

/**
 * What moved a wallet's money, the `ledger_kind` enum in the database's order (a new kind is
 * added at the end, by a migration): `order` (a debit), `refund` (credit), `reversal` (a top-up
 * undone), the kinds of money in, one per channel below, and `transfer` (a guardian moving money
 * between their learners, or an admin moving a leaving learner's balance to a sibling: a debit and a
 * credit in one transaction, so it moves none in or out), and `payout` (money paid back out of a
 * wallet to a bank account: a leaving learner's balance refunded to whoever paid it), and `online`
 * (a card or instant EFT paid at a payment provider, decision 0074).
 */
export const LEDGER_KINDS = [
  "top_up",
  "order",
  "refund",
  "cash",
  "card",
  "eft",
  "correction",
  "reversal",
  "transfer",
  "payout",
  "online",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

type MoneyChannelRule = {
  /** The ledger row's kind a credit by this channel writes. */
  kind: LedgerKind;
  /** Who may book it by hand, by role; a bank statement's EFT is booked by its import. */
  bookedBy: (roleId: number) => boolean;
  /** An admin may undo its credit (a bounced EFT, a typo) with a reversal. */
  reversible: boolean;
  /** Offered at the counter's top-up. */
  atCounter: boolean;
  /** A top-up by it must say why. */
  needsReason: boolean;
  /**
   * Its place among the top-ups by channel of the dashboard and the reports; null: not money in
   * (a correction is counted with the corrections).
   */
  reportOrder: number | null;
  /** From before channels were recorded: nobody books it, and a report shows it only when it holds any. */
  legacy: boolean;
  /** Someone books it with a top-up (the API's `method`); else it comes in by itself (a provider, the past). */
  byHand: boolean;
};

const nobody = () => false;

/**
 * The channels money comes into a wallet by, and what each may do (docs/decisions/0066). Every
 * list of channels, schema, report column, chart series and mail derives from this table; the
 * words stay in the catalogues, keyed by the channel (the ledger's kinds by the kind).
 */
export const MONEY_CHANNELS = {
  cash: {
    kind: "cash",
    bookedBy: isStaffRole,
    reversible: true,
    atCounter: true,
    needsReason: false,
    reportOrder: 1,
    legacy: false,
    byHand: true,
  },
  card: {
    kind: "card",
    bookedBy: isStaffRole,
    reversible: true,
    atCounter: true,
    needsReason: false,
    reportOrder: 2,
    legacy: false,
    byHand: true,
  },
  eft: {
    kind: "eft",
    bookedBy: isAdminRole,
    reversible: true,
    atCounter: false,
    needsReason: false,
    reportOrder: 3,
    legacy: false,
    byHand: true,
  },
  correction: {
    kind: "correction",
    bookedBy: isAdminRole,
    reversible: true,
    atCounter: false,
    needsReason: true,
    reportOrder: null,
    legacy: false,
    byHand: true,
  },
  online: {
    kind: "online",
    bookedBy: nobody,
    // A charge-back or a refund at the provider takes the money back out.
    reversible: true,
    atCounter: false,
    needsReason: false,
    reportOrder: 4,
    legacy: false,
    byHand: false,
  },
  other: {
    kind: "top_up",
    bookedBy: nobody,
    reversible: true,
    atCounter: false,
    needsReason: false,
    reportOrder: 5,
    legacy: true,
    byHand: false,
  },
} as const satisfies Record<string, MoneyChannelRule>;

export type MoneyChannel = keyof typeof MONEY_CHANNELS;
const channels = Object.keys(MONEY_CHANNELS) as MoneyChannel[];

/** Every channel, in the table's order. */
export const ALL_MONEY_CHANNELS: readonly MoneyChannel[] = channels;

/** The channels a report counts money in by (`reportOrder` not null), in their order. */
export type ReportChannel = {
  [C in MoneyChannel]: (typeof MONEY_CHANNELS)[C]["reportOrder"] extends number ? C : never;
}[MoneyChannel];
export const REPORT_CHANNELS = channels
  .filter((channel): channel is ReportChannel => MONEY_CHANNELS[channel].reportOrder !== null)
  .sort((a, b) => MONEY_CHANNELS[a].reportOrder - MONEY_CHANNELS[b].reportOrder);

/** The channels a top-up may name (someone may book them): the API's `method`. */
export type TopUpMethod = {
  [C in MoneyChannel]: (typeof MONEY_CHANNELS)[C]["byHand"] extends true ? C : never;
}[MoneyChannel];
export const TOP_UP_METHODS = channels.filter(
  (channel): channel is TopUpMethod => MONEY_CHANNELS[channel].byHand,
) as [TopUpMethod, ...TopUpMethod[]];

/** The channels a person of this role may book by hand. */
export function topUpMethodsFor(roleId: number): TopUpMethod[] {
  return TOP_UP_METHODS.filter((channel) => MONEY_CHANNELS[channel].bookedBy(roleId));
}

/** The channels the counter's top-up offers. */
export const COUNTER_TOP_UP_METHODS: readonly TopUpMethod[] = TOP_UP_METHODS.filter(
  (channel) => MONEY_CHANNELS[channel].atCounter,
);

/** The ledger kinds of money in: a credit of one of them a reversal may undo. */
export const REVERSIBLE_KINDS: readonly LedgerKind[] = channels
  .filter((channel) => MONEY_CHANNELS[channel].reversible)
  .map((channel) => MONEY_CHANNELS[channel].kind);

/** The channel a ledger row of this kind came in by; undefined for a kind that is no money in. */
export function channelOfKind(kind: LedgerKind): MoneyChannel | undefined {
  return channels.find((channel) => MONEY_CHANNELS[channel].kind === kind);
}

/** One value per report channel, in the reports' order (the dashboard's and reports' `topUps`). */
export function perReportChannel<T>(value: (channel: ReportChannel) => T): Record<ReportChannel, T> {
  return Object.fromEntries(REPORT_CHANNELS.map((channel) => [channel, value(channel)])) as Record<
    ReportChannel,
    T
  >;
}
