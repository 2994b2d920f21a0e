import { describe, expect, it } from "vitest";
import {
  afterSignInPath,
  BACK_OFFICE_SCREENS,
  homePath,
  routeRedirect,
  signInReturnTo,
} from "./route-access";

const SIGNED_OUT = null;

describe("routeRedirect", () => {
  // [path, signed out, role 1, role 2, role 3, role 4]; null = the page is shown.
  const table: [string, ...(string | null)[]][] = [
    ["/", "/login", "/my", "/my", "/dashboard", "/dashboard"],
    ["/login", null, "/my", "/my", "/dashboard", "/dashboard"],
    ["/forgot-password", null, null, null, null, null],
    ["/reset-password", null, null, null, null, null],
    ["/my/login", null, "/my", "/my", "/dashboard", "/dashboard"],
    ["/my", "/my/login", null, null, "/dashboard", "/dashboard"],
    ["/my/orders", "/my/login", null, null, "/dashboard", "/dashboard"],
    ["/my/wallet", "/my/login", null, null, "/dashboard", "/dashboard"],
    ["/my/profile", "/my/login", null, null, "/dashboard", "/dashboard"],
    ["/my/nowhere", "/my/login", "/my", "/my", "/dashboard", "/dashboard"],
    ["/signup", null, null, null, null, null],
    ["/verify-email", null, null, null, null, null],
    ["/setup-account", null, null, null, null, null],
    ["/kitchen", "/login", "/my", "/my", null, null],
    ["/kitchen/board", "/login", "/my", "/my", null, null],
    ["/kitchen/counter", "/login", "/my", "/my", null, null],
    ["/kitchen/print", "/login", "/my", "/my", null, null],
    ["/dashboard", "/login", "/my", "/my", null, null],
    ["/weekly-orders", "/login", "/my", "/my", null, null],
    ["/users", "/login", "/my", "/my", null, null],
    ["/staff", "/login", "/my", "/my", null, null],
    ["/menu", "/login", "/my", "/my", "/kitchen", null],
    ["/orders", "/login", "/my", "/my", "/kitchen", null],
    ["/money", "/login", "/my", "/my", "/kitchen", null],
    ["/reports", "/login", "/my", "/my", "/kitchen", null],
    ["/canteen", "/login", "/my", "/my", "/kitchen", null],
    ["/settings", "/login", "/my", "/my", "/kitchen", null],
    ["/nowhere", "/login", "/my", "/my", "/login", "/login"],
  ];
  const roles = [SIGNED_OUT, 1, 2, 3, 4];

  for (const [path, ...expected] of table) {
    it(`routes ${path} for every role`, () => {
      expect(roles.map((role) => routeRedirect(path, role))).toEqual(expected);
    });
  }
});

describe("homePath", () => {
  it("sends staff to the dashboard and customers to the ordering app", () => {
    expect(homePath(null)).toBe("/login");
    expect(homePath(1)).toBe("/my");
    expect(homePath(2)).toBe("/my");
    expect(homePath(3)).toBe("/dashboard");
    expect(homePath(4)).toBe("/dashboard");
  });
});

describe("signing in again", () => {
  it("returns to the kitchen screen whose session ended, else goes home", () => {
    expect(signInReturnTo("/kitchen/board")).toBe("/kitchen/board");
    expect(signInReturnTo("/kitchen")).toBe("/kitchen");
    expect(signInReturnTo("/settings")).toBeNull();
    expect(afterSignInPath(3, "/kitchen/board")).toBe("/kitchen/board");
    expect(afterSignInPath(4, "/kitchen")).toBe("/kitchen");
    // A normal sign-in still lands on the dashboard, whatever else was asked for.
    expect(afterSignInPath(3, undefined)).toBe("/dashboard");
    expect(afterSignInPath(3, "/settings")).toBe("/dashboard");
    expect(afterSignInPath(3, "https://example.com/kitchen")).toBe("/dashboard");
    expect(afterSignInPath(1, "/kitchen/board")).toBe("/my");
  });
});

describe("the screens before sign-in", () => {
  it("open to everyone, and no other screen does", () => {
    const open = Object.values(BACK_OFFICE_SCREENS)
      .map((screen) => screen.path)
      .filter((path) => routeRedirect(path, SIGNED_OUT) === null);
    expect(open).toEqual([
      "/login",
      "/signup",
      "/verify-email",
      "/setup-account",
      "/forgot-password",
      "/reset-password",
    ]);
    for (const path of open)
      expect([1, 2, 3, 4].map((role) => routeRedirect(path, role))).not.toContain(path);
  });
});
