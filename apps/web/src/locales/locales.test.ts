import { ORDER_STATUS_LABELS } from "@kantien/domain/order-status";
import { describe, expect, it } from "vitest";
import af from "./af.json";
import backOfficeAf from "./back-office/af.json";
import backOfficeEn from "./back-office/en.json";
import en from "./en.json";
import myWalletAf from "./my-wallet/af.json";
import myWalletEn from "./my-wallet/en.json";

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
  });

  it("give every key to one part only", () => {
    const all = [...keys(af), ...keys(backOfficeAf), ...keys(myWalletAf)];
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
  });

  it("name each order status as the server's CSV does (decision 0019)", () => {
    expect(af.resources.order.statuses).toEqual(ORDER_STATUS_LABELS.af);
    expect(en.resources.order.statuses).toEqual(ORDER_STATUS_LABELS.en);
  });
});
