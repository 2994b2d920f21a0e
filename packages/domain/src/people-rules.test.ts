import { describe, expect, it } from "vitest";
import { customerInput, staffInput, TOP_UP_MAX_RAND, topUpInput } from "./people-rules";

const customer = { firstName: "Anna", lastName: "Botha", email: "anna@example.com", roleId: 1 };
const staff = { firstName: "Sipho", lastName: "Kok", email: "sipho@example.com", roleId: 3 };

describe("customerInput", () => {
  it("trims, lower-cases the email and turns blank optional fields into null", () => {
    expect(
      customerInput.parse({
        ...customer,
        firstName: "  Anna ",
        email: " Anna@Example.COM ",
        phoneNumber: "  ",
        akdNumber: "",
      }),
    ).toEqual({ ...customer, phoneNumber: null, akdNumber: null });
    expect(customerInput.parse({ ...customer, phoneNumber: "082 555 0101", akdNumber: " AKD1 " })).toEqual({
      ...customer,
      phoneNumber: "082 555 0101",
      akdNumber: "AKD1",
    });
  });

  it("requires the names and a valid email", () => {
    for (const bad of [
      { ...customer, firstName: " " },
      { ...customer, lastName: "" },
      { ...customer, email: "anna" },
      { ...customer, email: "" },
      { ...customer, firstName: "x".repeat(101) },
    ]) {
      expect(customerInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("allows only the customer roles 1 and 2", () => {
    expect(customerInput.safeParse({ ...customer, roleId: 2 }).success).toBe(true);
    for (const roleId of [0, 3, 4, "1"]) {
      expect(customerInput.safeParse({ ...customer, roleId }).success, String(roleId)).toBe(false);
    }
  });
});

describe("staffInput", () => {
  it("allows only the staff roles 3 and 4", () => {
    expect(staffInput.safeParse({ ...staff, roleId: 4 }).success).toBe(true);
    for (const roleId of [1, 2, 5]) {
      expect(staffInput.safeParse({ ...staff, roleId }).success, String(roleId)).toBe(false);
    }
  });

  it("keeps an employee number trimmed and a blank one as null", () => {
    expect(staffInput.parse({ ...staff, employeeNumber: " KANTIEN001 " }).employeeNumber).toBe("KANTIEN001");
    expect(staffInput.parse({ ...staff, employeeNumber: "" }).employeeNumber).toBeNull();
    expect(staffInput.safeParse({ ...staff, employeeNumber: "x".repeat(31) }).success).toBe(false);
  });
});

describe("topUpInput", () => {
  it("reads rand with a point or the Afrikaans comma, to 2 decimals", () => {
    expect(topUpInput.parse({ amount: "50", method: "cash" })).toEqual({
      amount: "50.00",
      method: "cash",
      reason: null,
      paidBy: null,
    });
    expect(topUpInput.parse({ amount: " 12,5 ", method: "eft", reason: " EFT " })).toEqual({
      amount: "12.50",
      method: "eft",
      reason: "EFT",
      paidBy: null,
    });
    expect(topUpInput.parse({ amount: "0.01", method: "card" }).amount).toBe("0.01");
    expect(topUpInput.parse({ amount: String(TOP_UP_MAX_RAND), method: "cash" }).amount).toBe("10000.00");
  });

  it("takes one of four channels, and a correction only with a reason", () => {
    expect(topUpInput.safeParse({ amount: "5", method: "cheque" }).error?.issues[0]?.message).toBe(
      "top_up_method_invalid",
    );
    expect(
      topUpInput.safeParse({ amount: "5", method: "correction", reason: "  " }).error?.issues[0]?.message,
    ).toBe("top_up_reason_invalid");
    expect(topUpInput.parse({ amount: "5", method: "correction", reason: "Tikfout reggestel" }).reason).toBe(
      "Tikfout reggestel",
    );
  });

  it("refuses zero, negative, too large, too precise and non-numbers with one message code", () => {
    for (const amount of ["0", "0.00", "-5", "10000.01", "12.345", "abc", "", "1e3", "12.3.4"]) {
      const result = topUpInput.safeParse({ amount, method: "cash" });
      expect(result.success, amount).toBe(false);
      expect(result.error?.issues[0]?.message, amount).toBe("top_up_amount_invalid");
    }
  });

  it("requires a reason", () => {
    expect(topUpInput.safeParse({ amount: "10", reason: "  " }).success).toBe(false);
    expect(topUpInput.safeParse({ amount: "10", reason: "x".repeat(201) }).success).toBe(false);
  });
});
