import { isStaffRole, ROLE, type RoleId, STAFF_ROLES, usesOrderingApp } from "./roles";

/** Who may open a back-office screen: everyone, signed in or not, or the roles listed. */
type ScreenRoles = "everyone" | readonly RoleId[];

type BackOfficeScreen = { path: `/${string}`; roles: ScreenRoles };

const ADMIN_ROLES = [ROLE.kitchenAdmin] as const;

/**
 * The back office's screens, once: each path and who may open it (docs/product.md lists them).
 * The web app adds what only it needs to each entry (apps/web/src/app/screens.tsx, decision 0062).
 */
export const BACK_OFFICE_SCREENS = {
  login: { path: "/login", roles: "everyone" },
  signup: { path: "/signup", roles: "everyone" },
  verifyEmail: { path: "/verify-email", roles: "everyone" },
  setupAccount: { path: "/setup-account", roles: "everyone" },
  forgotPassword: { path: "/forgot-password", roles: "everyone" },
  resetPassword: { path: "/reset-password", roles: "everyone" },
  kitchen: { path: "/kitchen", roles: STAFF_ROLES },
  /** The kitchen board on its own, without the side menu: for a tablet in the kitchen (decision 0025). */
  kitchenMode: { path: "/kitchen/board", roles: STAFF_ROLES },
  /** The counter: hands orders over by scan or search (decision 0025). */
  counter: { path: "/kitchen/counter", roles: STAFF_ROLES },
  /** The day's prep sheet and order labels, for the browser's print dialog. */
  kitchenPrint: { path: "/kitchen/print", roles: STAFF_ROLES },
  dashboard: { path: "/dashboard", roles: STAFF_ROLES },
  weeklyOrders: { path: "/weekly-orders", roles: STAFF_ROLES },
  menu: { path: "/menu", roles: ADMIN_ROLES },
  orders: { path: "/orders", roles: ADMIN_ROLES },
  /** Money in by EFT: bank statements and their credits (decision 0034). */
  money: { path: "/money", roles: ADMIN_ROLES },
  /** The day's figures and its close, sales over a range, the money held (decision 0042). */
  reports: { path: "/reports", roles: ADMIN_ROLES },
  customers: { path: "/users", roles: STAFF_ROLES },
  staff: { path: "/staff", roles: STAFF_ROLES },
  /** The canteen's own rules and bank account, apart from anyone's personal settings. */
  canteen: { path: "/canteen", roles: ADMIN_ROLES },
  settings: { path: "/settings", roles: ADMIN_ROLES },
} as const satisfies Record<string, BackOfficeScreen>;

export type BackOfficeScreenName = keyof typeof BACK_OFFICE_SCREENS;
type ScreenPaths = { [name in BackOfficeScreenName]: (typeof BACK_OFFICE_SCREENS)[name]["path"] };

/** The customers' ordering app (roles 1 and 2, decision 0021); its own routes decide the rest. */
const MY_ROUTES = {
  myLogin: "/my/login",
  myMenu: "/my",
  myOrders: "/my/orders",
  myWallet: "/my/wallet",
  myProfile: "/my/profile",
  myLearners: "/my/learners",
} as const;

/** Every path of the app by name: the back office's screens' and the ordering app's. */
export const ROUTES = {
  ...(Object.fromEntries(
    Object.entries(BACK_OFFICE_SCREENS).map(([name, screen]) => [name, screen.path]),
  ) as ScreenPaths),
  ...MY_ROUTES,
};

export type AppPath = (typeof ROUTES)[keyof typeof ROUTES];

/** The back office's screen at `path`, if there is one. */
function backOfficeScreen(path: string): BackOfficeScreen | undefined {
  return Object.values<BackOfficeScreen>(BACK_OFFICE_SCREENS).find((screen) => screen.path === path);
}

const MY_PATHS: readonly string[] = [
  ROUTES.myMenu,
  ROUTES.myOrders,
  ROUTES.myWallet,
  ROUTES.myProfile,
  ROUTES.myLearners,
];

/** Where a user lands after sign-in, and where `/` sends them: customers to the ordering app. */
export function homePath(roleId: number | null): AppPath {
  if (roleId === null) return ROUTES.login;
  if (usesOrderingApp(roleId)) return ROUTES.myMenu;
  return isStaffRole(roleId) ? ROUTES.dashboard : ROUTES.kitchen;
}

/**
 * Whether a session that ends on `path` signs in again to it: the kitchen's own screens, left
 * running for days (/kitchen and the screens under it).
 */
function resumesAfterSignIn(path: string): boolean {
  return backOfficeScreen(path)?.path.startsWith(ROUTES.kitchen) === true;
}

/**
 * Where a sign-in leads: home (staff and admins: /dashboard), or back to the kitchen screen whose session ended
 * (`returnTo`), when the user may see it. Any other `returnTo` is ignored.
 */
export function afterSignInPath(roleId: number, returnTo: unknown): string {
  if (
    typeof returnTo === "string" &&
    resumesAfterSignIn(returnTo) &&
    routeRedirect(returnTo, roleId) === null
  ) {
    return returnTo;
  }
  return homePath(roleId);
}

/** What the sign-in screen remembers when the guard sends a kitchen screen there. */
export function signInReturnTo(path: string): string | null {
  return resumesAfterSignIn(path) ? path : null;
}

/** A path as the route table names it: without trailing slashes ("/my/" is "/my"). */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** Whether `path` belongs to the customers' ordering app (/my) rather than the back office. */
export function isOrderingAppPath(path: string): boolean {
  return path === ROUTES.myMenu || path.startsWith(`${ROUTES.myMenu}/`);
}

/** The ordering app's paths: its own sign-in for the signed out, staff to their home. */
function myRedirect(path: string, roleId: number | null): AppPath | null {
  if (path === ROUTES.myLogin) return roleId === null ? null : homePath(roleId);
  if (roleId === null) return ROUTES.myLogin;
  if (!usesOrderingApp(roleId)) return homePath(roleId);
  // A learner acts for no one (decision 0068).
  if (path === ROUTES.myLearners && roleId === ROLE.student) return ROUTES.myMenu;
  return MY_PATHS.includes(path) ? null : ROUTES.myMenu;
}

/**
 * What the router does for `path` given the signed-in role (null when signed out):
 * `null` means show it, otherwise the path to redirect to.
 */
export function routeRedirect(path: string, roleId: number | null): AppPath | null {
  if (path === "/") return homePath(roleId);
  if (isOrderingAppPath(path)) return myRedirect(path, roleId);
  if (path === ROUTES.login) return roleId === null ? null : homePath(roleId);
  const screen = backOfficeScreen(path);
  if (screen?.roles === "everyone") return null;
  // A customer's session belongs to the ordering app; the back office sends them there.
  if (roleId !== null && usesOrderingApp(roleId)) return ROUTES.myMenu;
  if (!screen || roleId === null) return ROUTES.login;
  if (screen.roles.includes(roleId as RoleId)) return null;
  // A cook on an admin's screen: to the kitchen, which every staff member may open.
  return isStaffRole(roleId) ? ROUTES.kitchen : ROUTES.login;
}
