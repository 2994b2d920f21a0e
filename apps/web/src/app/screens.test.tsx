import { ROLE } from "@kantien/domain/roles";
import { BACK_OFFICE_SCREENS } from "@kantien/domain/route-access";
import { describe, expect, it } from "vitest";
import { backOfficeMenu, SCREENS } from "./screens";

// Adding a back-office screen is one row in the domain's table (path, roles) and one here.
describe("the table of screens", () => {
  it("has one row for each of the domain's screens, and none besides", () => {
    expect(SCREENS.map((screen) => screen.name).sort()).toEqual(Object.keys(BACK_OFFICE_SCREENS).sort());
    for (const screen of SCREENS) expect(screen.path).toBe(BACK_OFFICE_SCREENS[screen.name].path);
  });

  it("names each path once", () => {
    const paths = SCREENS.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("gives each role its menu, in the table's order, of screens it may open", () => {
    const paths = (roleId: number | null) => backOfficeMenu(roleId).map((entry) => entry.path);
    expect(paths(ROLE.kitchenAdmin)).toEqual([
      "/dashboard",
      "/weekly-orders",
      "/menu",
      "/orders",
      "/money",
      "/reports",
      "/users",
      "/staff",
      "/canteen",
      "/settings",
    ]);
    // The weekly view joins the cook's menu (what to make this week, decision 0025).
    expect(paths(ROLE.kitchenStaff)).toEqual([
      "/dashboard",
      "/kitchen",
      "/weekly-orders",
      "/users",
      "/staff",
    ]);
    expect(paths(ROLE.student)).toEqual([]);
    expect(paths(null)).toEqual([]);
  });

  it("keeps the menu to the back office's own layout", () => {
    for (const screen of SCREENS.filter((row) => row.menu)) expect(screen.layout).toBe("backOffice");
  });
});
