import {
  ALL_MONEY_CHANNELS,
  MONEY_CHANNELS,
  REPORT_CHANNELS,
  TOP_UP_METHODS,
} from "@kantien/domain/money-channels";
import { ORDER_STATUS_LABELS } from "@kantien/domain/order-status";
import { ROLE_LABELS } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import af from "./af.json";
import backOfficeAf from "./back-office/af.json";
import backOfficeEn from "./back-office/en.json";
import counterSalesAf from "./counter-sales/af.json";
import counterSalesEn from "./counter-sales/en.json";
import customersAf from "./customers/af.json";
import customersEn from "./customers/en.json";
import en from "./en.json";
import myOrdersAf from "./my-orders/af.json";
import myOrdersEn from "./my-orders/en.json";
import myProfileAf from "./my-profile/af.json";
import myProfileEn from "./my-profile/en.json";
import myWalletAf from "./my-wallet/af.json";
import myWalletEn from "./my-wallet/en.json";
import reportsAf from "./reports/af.json";
import reportsEn from "./reports/en.json";

function keys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("locales", () => {
  it("are both complete", () => {
    expect(keys(en).sort()).toEqual(keys(af).sort());
    expect(keys(backOfficeEn).sort()).toEqual(keys(backOfficeAf).sort());
    expect(keys(myWalletEn).sort()).toEqual(keys(myWalletAf).sort());
    expect(keys(myProfileEn).sort()).toEqual(keys(myProfileAf).sort());
    expect(keys(reportsEn).sort()).toEqual(keys(reportsAf).sort());
    expect(keys(counterSalesEn).sort()).toEqual(keys(counterSalesAf).sort());
    expect(keys(customersEn).sort()).toEqual(keys(customersAf).sort());
    expect(keys(myOrdersEn).sort()).toEqual(keys(myOrdersAf).sort());
  });

  it("give every key to one part only", () => {
    const all = [
      ...keys(af),
      ...keys(backOfficeAf),
      ...keys(myWalletAf),
      ...keys(myProfileAf),
      ...keys(reportsAf),
      ...keys(counterSalesAf),
      ...keys(myOrdersAf),
    ];
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
  });

  it("name each order status as the server's CSV does (decision 0019)", () => {
    expect(af.resources.order.statuses).toEqual(ORDER_STATUS_LABELS.af);
    expect(en.resources.order.statuses).toEqual(ORDER_STATUS_LABELS.en);
  });

  it("name each role as the mails do", () => {
    for (const [locale, labels] of [
      [af, ROLE_LABELS.af],
      [en, ROLE_LABELS.en],
    ] as const) {
      const names = locale.roles.names;
      expect([
        names.student,
        names.academyStaff,
        names.kitchenStaff,
        names.kitchenAdmin,
        names.guardian,
      ]).toEqual([1, 2, 3, 4, 5].map((id) => labels[id]));
    }
  });

  it("name every money channel in both languages wherever channels are named (money-channels.ts)", () => {
    for (const [backOffice, myWallet, reports] of [
      [backOfficeAf, myWalletAf, reportsAf],
      [backOfficeEn, myWalletEn, reportsEn],
    ] as const) {
      const named = new Set([...keys(backOffice), ...keys(myWallet), ...keys(reports)]);
      const wanted = [
        // The wallet statements, the back office's and the customer's, by the ledger's kind.
        ...ALL_MONEY_CHANNELS.flatMap((channel) => [
          `screens.customers.detail.kinds.${MONEY_CHANNELS[channel].kind}`,
          `my.wallet.kinds.${MONEY_CHANNELS[channel].kind}`,
        ]),
        // The top-up form, its confirmation and slip.
        ...TOP_UP_METHODS.map((method) => `screens.customers.topUp.methods.${method}`),
        // The dashboard's money in, the reports' lines, columns and chart legends.
        ...REPORT_CHANNELS.flatMap((channel) => [
          `screens.dashboard.money.${channel}`,
          `screens.reports.channels.${channel}`,
          `screens.reports.explain.channels.${channel}`,
        ]),
      ];
      expect(wanted.filter((key) => !named.has(key))).toEqual([]);
    }
  });
});
