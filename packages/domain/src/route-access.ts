import { isAdminRole, isCustomerRole, isStaffRole } from "./roles";

/** The app's routes (docs/product.md lists who may open each). */
export const ROUTES = {
  login: "/login",
  signup: "/signup",
  verifyEmail: "/verify-email",
  setupAccount: "/setup-account",
  kitchen: "/kitchen",
  /** The kitchen board on its own, without the side menu: for a tablet in the kitchen (decision 0025). */
  kitchenMode: "/kitchen/board",
  /** The counter: hands orders over by scan or search (decision 0025). */
  counter: "/kitchen/counter",
  /** The day's prep sheet and order labels, for the browser's print dialog. */
  kitchenPrint: "/kitchen/print",
  dashboard: "/dashboard",
  weeklyOrders: "/weekly-orders",
  menu: "/menu",
  orders: "/orders",
  /** Money in by EFT: bank statements and their credits (decision 0034). */
  money: "/money",
  /** The day's figures and its close, sales over a range, the money held (decision 0042). */
  reports: "/reports",
  customers: "/users",
  staff: "/staff",
  /** The canteen's own rules and bank account, apart from anyone's personal settings. */
  canteen: "/canteen",
  settings: "/settings",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  // The customers' ordering app (roles 1 and 2, decision 0021).
  myLogin: "/my/login",
  myMenu: "/my",
  myOrders: "/my/orders",
  myWallet: "/my/wallet",
  myProfile: "/my/profile",
} as const;

export type AppPath = (typeof ROUTES)[keyof typeof ROUTES];

const PUBLIC_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.signup,
  ROUTES.verifyEmail,
  ROUTES.setupAccount,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
];
/** The back office's screens open before sign-in. */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path);
}
const MY_PATHS: readonly string[] = [ROUTES.myMenu, ROUTES.myOrders, ROUTES.myWallet, ROUTES.myProfile];
const STAFF_PATHS: readonly string[] = [
  ROUTES.dashboard,
  ROUTES.weeklyOrders,
  ROUTES.customers,
  ROUTES.staff,
];
const ADMIN_PATHS: readonly string[] = [
  ROUTES.menu,
  ROUTES.orders,
  ROUTES.money,
  ROUTES.reports,
  ROUTES.canteen,
  ROUTES.settings,
];

/** Where a user lands after sign-in, and where `/` sends them: customers to the ordering app. */
export function homePath(roleId: number | null): AppPath {
  if (roleId === null) return ROUTES.login;
  if (isCustomerRole(roleId)) return ROUTES.myMenu;
  return isStaffRole(roleId) ? ROUTES.dashboard : ROUTES.kitchen;
}

/** The kitchen's own screens: a session that ends on one of them signs in again to it. */
const KITCHEN_PATHS: readonly string[] = [
  ROUTES.kitchen,
  ROUTES.kitchenMode,
  ROUTES.counter,
  ROUTES.kitchenPrint,
];

/**
 * Where a sign-in leads: home (staff and admins: /dashboard), or back to the kitchen screen whose session ended
 * (`returnTo`), when the user may see it. Any other `returnTo` is ignored.
 */
export function afterSignInPath(roleId: number, returnTo: unknown): string {
  if (
    typeof returnTo === "string" &&
    KITCHEN_PATHS.includes(returnTo) &&
    routeRedirect(returnTo, roleId) === null
  ) {
    return returnTo;
  }
  return homePath(roleId);
}

/** What the sign-in screen remembers when the guard sends a kitchen screen there. */
export function signInReturnTo(path: string): string | null {
  return KITCHEN_PATHS.includes(path) ? path : null;
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
  if (!isCustomerRole(roleId)) return homePath(roleId);
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
  if (PUBLIC_PATHS.includes(path)) return null;
  // A customer's session belongs to the ordering app; the back office sends them there.
  if (roleId !== null && isCustomerRole(roleId)) return ROUTES.myMenu;
  if (KITCHEN_PATHS.includes(path)) return roleId === null ? ROUTES.login : null;
  if (STAFF_PATHS.includes(path)) {
    if (roleId === null) return ROUTES.login;
    return isStaffRole(roleId) ? null : ROUTES.kitchen;
  }
  if (ADMIN_PATHS.includes(path)) {
    if (roleId === null) return ROUTES.login;
    return isAdminRole(roleId) ? null : ROUTES.kitchen;
  }
  return ROUTES.login;
}

/** Side menu entries by role; empty for customers. */
export function menuPaths(roleId: number | null): AppPath[] {
  if (roleId !== null && isAdminRole(roleId)) {
    return [
      ROUTES.dashboard,
      ROUTES.weeklyOrders,
      ROUTES.menu,
      ROUTES.orders,
      ROUTES.money,
      ROUTES.reports,
      ROUTES.customers,
      ROUTES.staff,
      ROUTES.canteen,
      ROUTES.settings,
    ];
  }
  if (roleId !== null && isStaffRole(roleId)) {
    return [ROUTES.dashboard, ROUTES.kitchen, ROUTES.weeklyOrders, ROUTES.customers, ROUTES.staff];
  }
  return [];
}
