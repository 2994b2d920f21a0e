import { ROLE } from "@kantien/domain/roles";
import { describe, expect, it } from "vitest";
import { quickActionsFor } from "./quick-actions";

describe("quickActionsFor", () => {
  it("gives an admin every quick action, in their order", () => {
    expect(quickActionsFor(ROLE.kitchenAdmin).map((a) => [a.key, a.path])).toEqual([
      ["addStaff", "/staff"],
      ["addMenuItem", "/menu"],
      ["viewOrders", "/orders"],
      ["kitchen", "/kitchen"],
      ["manageStaff", "/staff"],
      ["settings", "/settings"],
    ]);
  });

  it("hides from staff what they may not use: admin screens and inviting staff", () => {
    expect(quickActionsFor(ROLE.kitchenStaff).map((a) => a.key)).toEqual(["kitchen", "manageStaff"]);
  });
});
