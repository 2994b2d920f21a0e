import { describe, expect, it } from "vitest";
import { dashboardMoney, moneyFromLedger } from "./dashboard";
import {
  ALL_MONEY_CHANNELS,
  COUNTER_TOP_UP_METHODS,
  channelOfKind,
  LEDGER_KINDS,
  MONEY_CHANNELS,
  REPORT_CHANNELS,
  REVERSIBLE_KINDS,
  TOP_UP_METHODS,
  topUpMethodsFor,
} from "./money-channels";
import { topUpInput } from "./people-rules";
import { salesPeriod } from "./reports";
import { ROLE } from "./roles";

describe("money channels", () => {
  it("are the channels money came in by, each with its own ledger kind", () => {
    expect(ALL_MONEY_CHANNELS).toEqual(["cash", "card", "eft", "correction", "online", "other"]);
    const kinds = ALL_MONEY_CHANNELS.map((channel) => MONEY_CHANNELS[channel].kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const kind of kinds) expect(LEDGER_KINDS).toContain(kind);
    for (const channel of ALL_MONEY_CHANNELS)
      expect(channelOfKind(MONEY_CHANNELS[channel].kind)).toBe(channel);
    expect(channelOfKind("order")).toBeUndefined();
    expect(REVERSIBLE_KINDS).toEqual(["cash", "card", "eft", "correction", "online", "top_up"]);
  });

  it("let cooks take cash and card at the counter, admins all four; nobody books an online payment or the legacy top-up", () => {
    expect(TOP_UP_METHODS).toEqual(["cash", "card", "eft", "correction"]);
    expect(topUpMethodsFor(ROLE.kitchenStaff)).toEqual(["cash", "card"]);
    expect(topUpMethodsFor(ROLE.kitchenAdmin)).toEqual(["cash", "card", "eft", "correction"]);
    expect(topUpMethodsFor(ROLE.student)).toEqual([]);
    expect(COUNTER_TOP_UP_METHODS).toEqual(["cash", "card"]);
  });

  it("ask a reason of a channel that needs one, and of no other", () => {
    for (const method of TOP_UP_METHODS) {
      expect(topUpInput.safeParse({ amount: "10", method, reason: "" }).success).toBe(
        !MONEY_CHANNELS[method].needsReason,
      );
      expect(topUpInput.safeParse({ amount: "10", method, reason: "Waarom" }).success).toBe(true);
    }
  });

  it("are each in the dashboard's money in and the sales report's top-ups, in the reports' order", () => {
    expect(REPORT_CHANNELS).toEqual(["cash", "card", "eft", "online", "other"]);
    expect(Object.keys(dashboardMoney.shape.topUps.shape)).toEqual(REPORT_CHANNELS);
    expect(Object.keys(salesPeriod.shape.topUps.shape)).toEqual(REPORT_CHANNELS);
    for (const channel of REPORT_CHANNELS) {
      const money = moneyFromLedger([{ kind: MONEY_CHANNELS[channel].kind, amount: "12.50", count: 1 }]);
      expect(money.topUps[channel]).toEqual({ amount: "12.50", count: 1 });
      expect(money.totalIn).toBe("12.50");
    }
  });
});
