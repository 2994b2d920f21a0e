import { moneyFromLedger } from "@kantien/domain/dashboard";
import { MONEY_CHANNELS, perReportChannel, REPORT_CHANNELS } from "@kantien/domain/money-channels";
import type { SalesReport } from "@kantien/domain/reports";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { DayReportWithClose } from "./api/day-report";
import { CHANNEL_COLOURS } from "./components/report-charts";
import { dayTables, salesTables } from "./view-tables";

// The keys stand for the words: the locales' test keeps each channel's words in af and en.
const t = ((key: string) => key) as unknown as TFunction;
const label = (channel: string) => `screens.reports.channels.${channel}`;
const NONE = { orders: 0, portions: 0, amount: "0.00" };

describe("every report channel (money-channels.ts) in the reports", () => {
  it("has a colour in the charts", () => {
    expect(Object.keys(CHANNEL_COLOURS).sort()).toEqual([...REPORT_CHANNELS].sort());
  });

  it("is a column of the sales view's top-ups, with its money", () => {
    const report: SalesReport = {
      from: "2031-06-02",
      to: "2031-06-02",
      groupBy: "day",
      series: [
        {
          period: "2031-06-02",
          ...NONE,
          topUps: perReportChannel((channel) => `${MONEY_CHANNELS[channel].reportOrder}.00`),
          moneyHeld: "0.00",
        },
      ],
      totals: NONE,
      topItems: [],
    };
    const topUps = salesTables(report, { t, language: "af" }).find((table) => table.id === "top-ups")!;
    for (const channel of REPORT_CHANNELS) {
      const column = topUps.columns.indexOf(label(channel));
      expect(column, channel).toBeGreaterThan(0);
      expect(topUps.rows[0]![column]).toEqual({ rand: `${MONEY_CHANNELS[channel].reportOrder}.00` });
    }
  });

  it("is a line of the day's money once money came in by it", () => {
    const money = moneyFromLedger(
      REPORT_CHANNELS.map((channel) => ({ kind: MONEY_CHANNELS[channel].kind, amount: "10.00", count: 1 })),
    );
    const proof = {
      opening: "0.00",
      moneyIn: money.totalIn,
      orders: "0.00",
      refunds: "0.00",
      corrections: "0.00",
      closing: money.totalIn,
      sumOfBalances: money.totalIn,
      difference: "0.00",
      balanced: true,
    };
    const report: DayReportWithClose = {
      date: "2031-06-02",
      sales: NONE,
      byItem: [],
      byRole: [],
      money,
      noShows: NONE,
      walletProof: proof,
      close: null,
      bankCreditsWaiting: 0,
    };
    const tables = dayTables(report, {
      t,
      roleName: String,
      timeZone: "Africa/Johannesburg",
      language: "af",
    });
    const lines = tables.find((table) => table.id === "money")!.rows.map((row) => row[0]);
    for (const channel of REPORT_CHANNELS) expect(lines, channel).toContain(label(channel));
  });
});
