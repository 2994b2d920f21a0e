import { SALE_METHODS } from "@kantien/domain/counter-sales";
import type { Language } from "@kantien/domain/language";
import { MONEY_CHANNELS, REPORT_CHANNELS } from "@kantien/domain/money-channels";
import {
  LIABILITY_AGES,
  type LiabilityReport,
  PAYER_KINDS,
  type SalesGrouping,
  type SalesReport,
  type SalesTotals,
} from "@kantien/domain/reports";
import type { TFunction } from "i18next";
import {
  formatDateTime,
  formatDayMonth,
  formatMonthYear,
  formatShortDate,
  schoolWeekParts,
} from "../../lib/format";
import type { DayReportWithClose } from "./api/day-report";
import type { ReportCell, ReportTable } from "./report-tables";

const figures = (totals: SalesTotals): ReportCell[] => [
  totals.orders,
  totals.portions,
  { rand: totals.amount },
];

/** A period of the sales view as a table writes it: a day, a school week, a month. */
export function periodLabel(
  period: string,
  groupBy: SalesGrouping,
  language: Language,
  t: TFunction,
): string {
  if (groupBy === "day") return formatShortDate(period, language);
  if (groupBy === "week") return t("screens.reports.sales.weekOf", schoolWeekParts(period, language));
  return formatMonthYear(period, language);
}

/** A period as a chart's axis writes it: short, so eight fit on a phone. */
export function periodTick(period: string, groupBy: SalesGrouping, language: Language): string {
  return groupBy === "month"
    ? formatMonthYear(period, language, { short: true })
    : formatDayMonth(period, language);
}

/** The day view's tables: sales, by dish, by role, the money that moved, the wallet proof, the close. */
export function dayTables(
  report: DayReportWithClose,
  {
    t,
    roleName,
    timeZone,
    language,
  }: { t: TFunction; roleName: (roleId: number) => string; timeZone: string; language: Language },
): ReportTable[] {
  const salesColumns = [
    t("screens.reports.columns.orders"),
    t("screens.reports.columns.portions"),
    t("screens.reports.columns.amount"),
  ];
  const { money, walletProof: proof } = report;
  // Each line of the sales, the money and the proof says in one sentence what it counts.
  const meaning = t("screens.reports.columns.meaning");
  const tables: ReportTable[] = [
    {
      id: "sales",
      caption: t("screens.reports.day.sales"),
      columns: [t("screens.reports.columns.what"), ...salesColumns, meaning],
      rows: [
        [t("screens.reports.day.sold"), ...figures(report.sales), t("screens.reports.explain.sold")],
        [t("screens.reports.day.noShows"), ...figures(report.noShows), t("screens.reports.explain.noShows")],
      ],
    },
    {
      id: "by-item",
      caption: t("screens.reports.day.byItem"),
      columns: [t("screens.reports.columns.dish"), ...salesColumns],
      rows: report.byItem.map((item) => [item.name, ...figures(item)]),
    },
    {
      id: "by-role",
      caption: t("screens.reports.day.byRole"),
      columns: [t("screens.reports.columns.role"), ...salesColumns],
      rows: report.byRole.map((role) => [roleName(role.roleId), ...figures(role)]),
    },
    {
      id: "money",
      caption: t("screens.reports.day.money"),
      columns: [
        t("screens.reports.columns.what"),
        t("screens.reports.columns.count"),
        t("screens.reports.columns.amount"),
        meaning,
      ],
      rows: [
        ...REPORT_CHANNELS.filter(
          (channel) => !MONEY_CHANNELS[channel].legacy || money.topUps[channel].count > 0,
        ).map((channel): ReportCell[] => [
          t(`screens.reports.channels.${channel}`),
          money.topUps[channel].count,
          { rand: money.topUps[channel].amount },
          // A day closed before reversals were taken off its channels counts them in full.
          money.reversals
            ? t(`screens.reports.explain.channels.${channel}`)
            : t("screens.reports.explain.channelGross"),
        ]),
        ...(money.reversals && money.reversals.count > 0
          ? [
              [
                t("screens.reports.day.reversals"),
                money.reversals.count,
                { rand: money.reversals.amount },
                t("screens.reports.explain.reversals"),
              ],
            ]
          : []),
        [
          t("screens.reports.day.refunds"),
          money.refunds.count,
          { rand: money.refunds.amount },
          t("screens.reports.explain.refunds"),
        ],
        [
          // A day closed before reversals were taken off their channels counts them here.
          money.reversals
            ? t("screens.reports.day.corrections")
            : t("screens.reports.day.correctionsAndReversals"),
          money.corrections.count,
          { rand: money.corrections.amount },
          money.reversals
            ? t("screens.reports.explain.corrections")
            : t("screens.reports.explain.correctionsAndReversals"),
        ],
      ],
    },
    // Days closed before the split have none; a day without money in needs no table for it.
    ...(report.moneyInByPayer && PAYER_KINDS.some((payer) => report.moneyInByPayer?.[payer].count)
      ? [
          {
            id: "by-payer",
            caption: t("screens.reports.day.byPayer"),
            columns: [
              t("screens.reports.columns.what"),
              t("screens.reports.columns.count"),
              t("screens.reports.columns.amount"),
              meaning,
            ],
            rows: PAYER_KINDS.map((payer): ReportCell[] => [
              t(`screens.reports.payers.${payer}`),
              report.moneyInByPayer?.[payer].count ?? 0,
              { rand: report.moneyInByPayer?.[payer].amount ?? "0.00" },
              t(`screens.reports.explain.payers.${payer}`),
            ]),
          },
        ]
      : []),
    ...counterTables(report, { t, timeZone, language }),
    {
      id: "proof",
      caption: t("screens.reports.proof.title"),
      columns: [t("screens.reports.columns.what"), t("screens.reports.columns.amount"), meaning],
      rows: [
        [t("screens.reports.proof.opening"), { rand: proof.opening }, t("screens.reports.explain.opening")],
        [t("screens.reports.proof.moneyIn"), { rand: proof.moneyIn }, t("screens.reports.explain.moneyIn")],
        [t("screens.reports.proof.orders"), { rand: proof.orders }, t("screens.reports.explain.orders")],
        [
          t("screens.reports.proof.refunds"),
          { rand: proof.refunds },
          t("screens.reports.explain.proofRefunds"),
        ],
        [
          money.reversals
            ? t("screens.reports.proof.corrections")
            : t("screens.reports.proof.correctionsAndReversals"),
          { rand: proof.corrections },
          t("screens.reports.explain.proofCorrections"),
        ],
        // Days closed before payouts existed have none; a day without one needs no line for it.
        ...(proof.payouts && proof.payouts !== "0.00"
          ? [
              [
                t("screens.reports.proof.payouts"),
                { rand: proof.payouts },
                t("screens.reports.explain.payouts"),
              ],
            ]
          : []),
        [t("screens.reports.proof.closing"), { rand: proof.closing }, t("screens.reports.explain.closing")],
        [
          t("screens.reports.proof.sumOfBalances"),
          { rand: proof.sumOfBalances },
          t("screens.reports.explain.sumOfBalances"),
        ],
        [
          t("screens.reports.proof.difference"),
          { rand: proof.difference },
          t("screens.reports.explain.difference"),
        ],
      ],
    },
  ];
  if (report.close) {
    const { close } = report;
    tables.push({
      id: "close",
      caption: t("screens.reports.close.title"),
      columns: [t("screens.reports.columns.what"), t("screens.reports.columns.value")],
      rows: [
        [t("screens.reports.close.closedAt"), formatDateTime(close.closedAt, timeZone, language)],
        [t("screens.reports.close.closedBy"), close.closedBy ?? "—"],
        [t("screens.reports.close.hash"), close.hash],
        [t("screens.reports.close.previousHash"), close.previousHash ?? "—"],
      ],
    });
  }
  return tables;
}

/** The sales view's tables: per period, the top dishes, top-ups by channel, the money held. */
export function salesTables(
  report: SalesReport,
  { t, language }: { t: TFunction; language: Language },
): ReportTable[] {
  const period = (value: string) => periodLabel(value, report.groupBy, language, t);
  const periodColumn = t(`screens.reports.sales.periodColumn.${report.groupBy}`);
  return [
    {
      id: "periods",
      caption: t("screens.reports.sales.perPeriod"),
      columns: [
        periodColumn,
        t("screens.reports.columns.orders"),
        t("screens.reports.columns.portions"),
        t("screens.reports.columns.amount"),
      ],
      rows: [
        ...report.series.map((row) => [period(row.period), ...figures(row)]),
        [t("screens.reports.sales.total"), ...figures(report.totals)],
      ],
    },
    {
      id: "top-items",
      caption: t("screens.reports.sales.topItems"),
      columns: [
        t("screens.reports.columns.dish"),
        t("screens.reports.columns.portions"),
        t("screens.reports.columns.orders"),
        t("screens.reports.columns.amount"),
      ],
      rows: report.topItems.map((item) => [item.name, item.portions, item.orders, { rand: item.amount }]),
    },
    {
      id: "top-ups",
      caption: t("screens.reports.sales.topUps"),
      columns: [periodColumn, ...REPORT_CHANNELS.map((channel) => t(`screens.reports.channels.${channel}`))],
      rows: report.series.map((row) => [
        period(row.period),
        ...REPORT_CHANNELS.map((channel) => ({ rand: row.topUps[channel] })),
      ]),
    },
    {
      id: "money-held",
      caption: t("screens.reports.sales.moneyHeld"),
      columns: [periodColumn, t("screens.reports.sales.heldAtEnd")],
      rows: report.series.map((row) => [period(row.period), { rand: row.moneyHeld }]),
    },
    // The counter's (decision 0071): only for a range in which it sold anything.
    ...(report.counter?.series.some((row) => row.sales > 0)
      ? [
          {
            id: "counter-periods",
            caption: t("screens.reports.counter.title"),
            columns: [
              periodColumn,
              t("screens.reports.columns.count"),
              ...SALE_METHODS.map((method) => t(`screens.reports.counter.methods.${method}`)),
            ],
            rows: report.counter.series.map((row): ReportCell[] => [
              period(row.period),
              row.sales,
              ...SALE_METHODS.map((method) => ({ rand: row.byMethod[method] })),
            ]),
          },
          {
            id: "counter-top",
            caption: t("screens.reports.counter.byItem"),
            columns: [
              t("screens.reports.columns.what"),
              t("screens.reports.columns.count"),
              t("screens.reports.columns.amount"),
            ],
            rows: report.counter.topItems.map((item): ReportCell[] => [
              item.name,
              item.quantity,
              { rand: item.amount },
            ]),
          },
        ]
      : []),
  ];
}

/** The money-held view's tables: what is held, and by how long it has slept. */
export function heldTables(report: LiabilityReport, { t }: { t: TFunction }): ReportTable[] {
  return [
    {
      id: "held",
      caption: t("screens.reports.held.title"),
      columns: [t("screens.reports.columns.what"), t("screens.reports.columns.value")],
      rows: [
        [t("screens.reports.held.moneyHeld"), { rand: report.moneyHeld }],
        [t("screens.reports.held.customers"), report.customersWithMoney],
        [t("screens.reports.held.unallocatedCount"), report.unallocatedBankCredits.count],
        [t("screens.reports.held.unallocatedAmount"), { rand: report.unallocatedBankCredits.amount }],
      ],
    },
    {
      id: "by-age",
      caption: t("screens.reports.held.byAge"),
      columns: [
        t("screens.reports.held.age"),
        t("screens.reports.columns.customers"),
        t("screens.reports.columns.amount"),
      ],
      rows: LIABILITY_AGES.map((age) => {
        const row = report.byAge.find((entry) => entry.age === age);
        return [t(`screens.reports.held.ages.${age}`), row?.customers ?? 0, { rand: row?.amount ?? "0.00" }];
      }),
    },
  ];
}

/**
 * The counter's tables of a day (decision 0071): sales by how they were paid and by item, the
 * voids and the stock's changes for the bursar; none for a day without any, or closed before.
 */
function counterTables(
  report: DayReportWithClose,
  { t, timeZone, language }: { t: TFunction; timeZone: string; language: Language },
): ReportTable[] {
  const counter = report.counter;
  if (!counter) return [];
  const sold = SALE_METHODS.some((method) => counter.byMethod[method].count > 0) || counter.voided.count > 0;
  const tables: ReportTable[] = [];
  if (sold) {
    tables.push(
      {
        id: "counter",
        caption: t("screens.reports.counter.title"),
        columns: [
          t("screens.reports.columns.what"),
          t("screens.reports.columns.count"),
          t("screens.reports.columns.amount"),
        ],
        rows: [
          ...SALE_METHODS.map((method): ReportCell[] => [
            t(`screens.reports.counter.methods.${method}`),
            counter.byMethod[method].count,
            { rand: counter.byMethod[method].amount },
          ]),
          [t("screens.reports.counter.voided"), counter.voided.count, { rand: counter.voided.amount }],
        ],
      },
      {
        id: "counter-items",
        caption: t("screens.reports.counter.byItem"),
        columns: [
          t("screens.reports.columns.what"),
          t("screens.reports.columns.count"),
          t("screens.reports.columns.amount"),
        ],
        rows: counter.byItem.map((item): ReportCell[] => [item.name, item.quantity, { rand: item.amount }]),
      },
    );
  }
  if (counter.voids.length > 0) {
    tables.push({
      id: "counter-voids",
      caption: t("screens.reports.counter.voids"),
      columns: [
        t("screens.reports.counter.sale"),
        t("screens.reports.columns.amount"),
        t("screens.reports.counter.reason"),
        t("screens.reports.counter.by"),
      ],
      rows: counter.voids.map((sale): ReportCell[] => [
        `${t("screens.reports.counter.number", { number: sale.number })} · ${t(`screens.reports.counter.methods.${sale.method}`)}`,
        { rand: sale.total },
        sale.reason,
        `${sale.by} · ${formatDateTime(sale.at, timeZone, language)}`,
      ]),
    });
  }
  if (counter.stockChanges.length > 0) {
    const quantity = (value: number | null) =>
      value === null ? t("screens.reports.counter.noCap") : String(value);
    tables.push({
      id: "stock-changes",
      caption: t("screens.reports.counter.stockChanges"),
      columns: [
        t("screens.reports.columns.what"),
        t("screens.reports.counter.change"),
        t("screens.reports.counter.reason"),
        t("screens.reports.counter.by"),
      ],
      rows: counter.stockChanges.map((change): ReportCell[] => [
        change.item,
        `${quantity(change.from)} → ${quantity(change.to)}`,
        change.reason,
        `${change.by} · ${formatDateTime(change.at, timeZone, language)}`,
      ]),
    });
  }
  return tables;
}
