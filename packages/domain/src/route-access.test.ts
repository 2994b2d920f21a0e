import { describe, expect, it } from "vitest";
import { homePath, menuPaths, routeRedirect } from "./route-access";

const SIGNED_OUT = null;

describe("routeRedirect", () => {
  // [path, signed out, role 1, role 2, role 3, role 4]; null = the page is shown.
  const table: [string, ...(string | null)[]][] = [
    ["/", "/login", "/kitchen", "/kitchen", "/dashboard", "/dashboard"],
    ["/login", null, null, null, "/dashboard", "/dashboard"],
    ["/signup", null, null, null, null, null],
    ["/verify-email", null, null, null, null, null],
    ["/setup-account", null, null, null, null, null],
    ["/kitchen", "/login", null, null, null, null],
    ["/dashboard", "/login", "/kitchen", "/kitchen", null, null],
    ["/weekly-orders", "/login", "/kitchen", "/kitchen", null, null],
    ["/users", "/login", "/kitchen", "/kitchen", null, null],
    ["/staff", "/login", "/kitchen", "/kitchen", null, null],
    ["/menu", "/login", "/kitchen", "/kitchen", "/kitchen", null],
    ["/orders", "/login", "/kitchen", "/kitchen", "/kitchen", null],
    ["/settings", "/login", "/kitchen", "/kitchen", "/kitchen", null],
    ["/nowhere", "/login", "/login", "/login", "/login", "/login"],
  ];
  const roles = [SIGNED_OUT, 1, 2, 3, 4];

  for (const [path, ...expected] of table) {
    it(`routes ${path} for every role`, () => {
      expect(roles.map((role) => routeRedirect(path, role))).toEqual(expected);
    });
  }
});

describe("homePath and menuPaths", () => {
  it("sends staff to the dashboard and others to the kitchen", () => {
    expect(homePath(null)).toBe("/login");
    expect(homePath(1)).toBe("/kitchen");
    expect(homePath(3)).toBe("/dashboard");
    expect(homePath(4)).toBe("/dashboard");
  });

  it("gives each role its menu", () => {
    expect(menuPaths(4)).toEqual([
      "/dashboard",
      "/weekly-orders",
      "/menu",
      "/orders",
      "/users",
      "/staff",
      "/settings",
    ]);
    expect(menuPaths(3)).toEqual(["/dashboard", "/kitchen", "/users", "/staff"]);
    expect(menuPaths(1)).toEqual([]);
    expect(menuPaths(null)).toEqual([]);
  });
});
