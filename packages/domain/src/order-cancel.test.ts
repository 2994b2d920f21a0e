import { describe, expect, it } from "vitest";
import { cancelRefund } from "./order-cancel";
import { orderStatusChangeInput } from "./orders-summary";

describe("cancelRefund", () => {
  it("gives back the total of an order the wallet paid, and nothing for one it did not", () => {
    expect(cancelRefund({ paidFromWallet: true, total: "45.00" })).toBe("45.00");
    expect(cancelRefund({ paidFromWallet: false, total: "45.00" })).toBeNull();
  });
});

describe("orderStatusChangeInput", () => {
  const check = (body: object) => orderStatusChangeInput.safeParse(body);

  it("takes a cancel with a reason of 3 to 200 characters, trimmed", () => {
    expect(check({ status: "cancelled", reason: "  Die kos is op " }).data).toEqual({
      status: "cancelled",
      reason: "Die kos is op",
    });
    expect(check({ status: "cancelled", reason: "a".repeat(200) }).success).toBe(true);
  });

  it("refuses a cancel without a fitting reason, and a reason with any other status", () => {
    for (const body of [
      { status: "cancelled" },
      { status: "cancelled", reason: " ab " },
      { status: "cancelled", reason: "a".repeat(201) },
      { status: "processing", reason: "Die kos is op" },
    ]) {
      const result = check(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["reason"], message: "cancel_reason_invalid" });
    }
    expect(check({ status: "processing" }).success).toBe(true);
  });
});
