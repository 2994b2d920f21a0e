import { describe, expect, it } from "vitest";
import {
  activityChipColor,
  daysWithoutMenu,
  moneyFromLedger,
  watchedSchoolDays,
  weekWithoutMenu,
} from "./dashboard";

describe("activityChipColor", () => {
  it("follows the activity chips' colours: pending warning, completed success, processing info", () => {
    expect(activityChipColor("pending")).toBe("warning");
    expect(activityChipColor("completed")).toBe("success");
    expect(activityChipColor("processing")).toBe("info");
  });

  it("gives failed and cancelled orders the error colour", () => {
    expect(activityChipColor("failed")).toBe("error");
    expect(activityChipColor("cancelled")).toBe("error");
  });

  it("gives delivered the success colour, paid (still waiting) grey and ready the info colour", () => {
    expect(activityChipColor("paid")).toBe("default");
    expect(activityChipColor("delivered")).toBe("success");
    expect(activityChipColor("ready")).toBe("info");
  });
});

describe("daysWithoutMenu", () => {
  // Wednesday 11 June 2031.
  const WEDNESDAY = "2031-06-11";

  it("watches this week's days from today on and all of next week", () => {
    expect(watchedSchoolDays(WEDNESDAY)).toEqual([
      "2031-06-11",
      "2031-06-12",
      "2031-06-13",
      "2031-06-16",
      "2031-06-17",
      "2031-06-18",
      "2031-06-19",
      "2031-06-20",
    ]);
  });

  it("on a weekend watches the coming week only", () => {
    expect(watchedSchoolDays("2031-06-14")).toEqual([
      "2031-06-16",
      "2031-06-17",
      "2031-06-18",
      "2031-06-19",
      "2031-06-20",
    ]);
  });

  it("names the watched days without a dish, and says when a whole week has none", () => {
    const gaps = daysWithoutMenu(WEDNESDAY, ["2031-06-10", "2031-06-11", "2031-06-13", "2031-06-23"]);
    expect(gaps).toEqual([
      "2031-06-12",
      "2031-06-16",
      "2031-06-17",
      "2031-06-18",
      "2031-06-19",
      "2031-06-20",
    ]);
    expect(weekWithoutMenu(gaps, "2031-06-16")).toBe(true);
    expect(weekWithoutMenu(gaps, "2031-06-09")).toBe(false);
    expect(daysWithoutMenu(WEDNESDAY, watchedSchoolDays(WEDNESDAY))).toEqual([]);
  });
});

describe("moneyFromLedger", () => {
  it("sums top-ups by channel net of their reversals, the total in, refunds, and corrections", () => {
    expect(
      moneyFromLedger([
        { kind: "cash", amount: "2102.50", count: 3 },
        { kind: "card", amount: "100.00", count: 1 },
        { kind: "eft", amount: "300.10", count: 3 },
        { kind: "top_up", amount: "20.00", count: 1 },
        { kind: "order", amount: "-91.00", count: 2 },
        { kind: "refund", amount: "45.50", count: 1 },
        { kind: "correction", amount: "10.00", count: 1 },
        { kind: "reversal", reverses: "cash", amount: "-1500.00", count: 1 },
        { kind: "reversal", reverses: "eft", amount: "-100.00", count: 1 },
        { kind: "reversal", reverses: "correction", amount: "-5.00", count: 1 },
      ]),
    ).toEqual({
      topUps: {
        cash: { amount: "602.50", count: 3 },
        card: { amount: "100.00", count: 1 },
        eft: { amount: "200.10", count: 3 },
        online: { amount: "0.00", count: 0 },
        other: { amount: "20.00", count: 1 },
      },
      totalIn: "922.60",
      reversals: { amount: "-1600.00", count: 2 },
      refunds: { amount: "45.50", count: 1 },
      corrections: { amount: "5.00", count: 2 },
    });
  });

  it("answers zeros for a day without money", () => {
    const none = moneyFromLedger([]);
    expect(none.totalIn).toBe("0.00");
    expect(none.topUps.cash).toEqual({ amount: "0.00", count: 0 });
    expect(none.reversals).toEqual({ amount: "0.00", count: 0 });
  });
});
