import { ROLE, type RoleId } from "@kantien/domain/roles";
import {
  BACK_OFFICE_SCREENS,
  type BackOfficeScreenName,
  normalisePath,
  routeRedirect,
} from "@kantien/domain/route-access";
import { type ComponentType, createElement, type ReactElement } from "react";
import { LoginScreen } from "../features/login/components/login-screen";
import { withTexts } from "../lib/i18n";
import { lazyComponent, preloadModule } from "../lib/lazy-component";
import type { MenuIconName } from "./layout/menu-icons";
import type { MenuEntry, MenuLabel } from "./layout/side-menu";

/**
 * The back office's screens as the web app shows them: to each of the domain's screens
 * (`BACK_OFFICE_SCREENS`, path and roles) its layout, its code and its menu entry. The routes, the
 * preloads and the side menu are made from this table (decision 0062).
 */
type WebScreen = {
  /** Before sign-in without a frame, the back office's top bar and side menu, or the kitchen's full screen. */
  layout: "none" | "backOffice" | "kitchenMode";
  /** The error boundary's name for it (section-boundary.tsx). */
  section: string;
  view: ScreenView;
  /** In the side menu, in this table's order, for whoever may open it (and only `roles`, if given). */
  menu?: { label: MenuLabel; icon: MenuIconName; roles?: readonly RoleId[] };
};

type ScreenView = {
  element: ReactElement;
  /** Loads the screen's code ahead: the chunk its element loads. */
  load?: () => Promise<unknown>;
};

/** A screen in its own chunk: the `import()` stays literal in its row, so the build splits it. */
function lazyScreen<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  props = {} as P,
): ScreenView {
  return { element: createElement(lazyComponent(load, pick), props), load };
}

/** The board in the back office's layout and in the kitchen mode: one chunk. */
const kitchenBoard = () => import("../features/kitchen/components/kitchen-board");

const WEB_SCREENS = {
  // The sign-in screen, where every visit of the back office starts, comes with the routes: one
  // chunk fewer on /login, whose first load is the tightest.
  login: {
    layout: "none",
    section: "login",
    view: { element: <LoginScreen preloadPage={preloadBackOfficeScreen} /> },
  },
  signup: {
    layout: "none",
    section: "signup",
    view: lazyScreen(
      () => import("../features/signup/components/signup-screen"),
      (m) => m.SignupScreen,
    ),
  },
  verifyEmail: {
    layout: "none",
    section: "verify-email",
    view: lazyScreen(
      () => import("../features/verify-email/components/verify-email-screen"),
      (m) => m.VerifyEmailScreen,
    ),
  },
  setupAccount: {
    layout: "none",
    section: "setup-account",
    view: lazyScreen(
      () => import("../features/setup-account/components/setup-account-screen"),
      (m) => m.SetupAccountScreen,
    ),
  },
  forgotPassword: {
    layout: "none",
    section: "forgot-password",
    view: lazyScreen(
      () => import("../features/forgot-password/components/forgot-password-screen"),
      (m) => m.ForgotPasswordScreen,
    ),
  },
  resetPassword: {
    layout: "none",
    section: "reset-password",
    view: lazyScreen(
      () => import("../features/reset-password/components/reset-password-screen"),
      (m) => m.ResetPasswordScreen,
    ),
  },
  kitchenMode: {
    layout: "kitchenMode",
    section: "kitchen",
    view: lazyScreen(kitchenBoard, (m) => m.KitchenBoard, { mode: "kitchen" }),
  },
  counter: {
    layout: "kitchenMode",
    section: "counter",
    view: lazyScreen(
      () => import("../features/counter/components/counter-screen"),
      (m) => m.CounterScreen,
    ),
  },
  kitchenPrint: {
    layout: "kitchenMode",
    section: "kitchen-print",
    view: lazyScreen(
      () => import("../features/kitchen-print/components/print-screen"),
      (m) => m.PrintScreen,
    ),
  },
  dashboard: {
    layout: "backOffice",
    section: "dashboard",
    view: lazyScreen(
      () => import("../features/dashboard/components/dashboard-screen"),
      (m) => m.DashboardScreen,
    ),
    menu: { label: "nav.dashboard", icon: "Dashboard" },
  },
  kitchen: {
    layout: "backOffice",
    section: "kitchen",
    view: lazyScreen(kitchenBoard, (m) => m.KitchenBoard),
    // Admins open the board from the dashboard.
    menu: {
      label: "nav.kitchen",
      icon: "Kitchen",
      roles: [ROLE.kitchenStaff],
    },
  },
  weeklyOrders: {
    layout: "backOffice",
    section: "weekly-orders",
    view: lazyScreen(
      () => import("../features/weekly-orders/components/weekly-orders-screen"),
      (m) => m.WeeklyOrdersScreen,
    ),
    menu: { label: "nav.weeklyOrders", icon: "CalendarMonth" },
  },
  menu: {
    layout: "backOffice",
    section: "menu",
    view: lazyScreen(
      () => import("../features/menu/components/menu-screen"),
      (m) => m.MenuScreen,
    ),
    menu: { label: "nav.menu", icon: "RestaurantMenu" },
  },
  orders: {
    layout: "backOffice",
    section: "orders",
    view: lazyScreen(
      () => import("../features/orders/components/orders-screen"),
      (m) => m.OrdersScreen,
    ),
    menu: { label: "nav.orders", icon: "ReceiptLong" },
  },
  money: {
    layout: "backOffice",
    section: "money",
    view: lazyScreen(
      () => import("../features/money/components/money-screen"),
      (m) => m.MoneyScreen,
    ),
    menu: { label: "nav.money", icon: "AccountBalance" },
  },
  reports: {
    layout: "backOffice",
    section: "reports",
    view: lazyScreen(
      () => withTexts("reports", import("../features/reports/components/reports-screen")),
      (m) => m.ReportsScreen,
    ),
    menu: { label: "nav.reports", icon: "BarChart" },
  },
  customers: {
    layout: "backOffice",
    section: "customers",
    view: lazyScreen(
      () => withTexts("customers", import("../features/customers/components/customers-screen")),
      (m) => m.CustomersScreen,
    ),
    menu: { label: "nav.customers", icon: "People" },
  },
  staff: {
    layout: "backOffice",
    section: "staff",
    view: lazyScreen(
      () => import("../features/staff/components/staff-screen"),
      (m) => m.StaffScreen,
    ),
    menu: { label: "nav.staff", icon: "Badge" },
  },
  canteen: {
    layout: "backOffice",
    section: "canteen",
    view: lazyScreen(
      () => import("../features/canteen/components/canteen-screen"),
      (m) => m.CanteenScreen,
    ),
    menu: { label: "nav.canteen", icon: "Storefront" },
  },
  settings: {
    layout: "backOffice",
    section: "settings",
    view: lazyScreen(
      () => import("../features/settings/components/settings-screen"),
      (m) => m.SettingsScreen,
    ),
    menu: { label: "nav.settings", icon: "Settings" },
  },
} satisfies Record<BackOfficeScreenName, WebScreen>;

export type ScreenRow = WebScreen & { name: BackOfficeScreenName; path: string };

/** Every back-office screen: the domain's entry and the web app's, in this table's order. */
export const SCREENS: readonly ScreenRow[] = (
  Object.entries(WEB_SCREENS) as [BackOfficeScreenName, WebScreen][]
).map(([name, screen]) => ({ ...screen, name, path: BACK_OFFICE_SCREENS[name].path }));

const menuRows = SCREENS.flatMap(({ path, menu }) => (menu ? [{ path, ...menu }] : []));

/** The side menu's entries for a role (null: signed out); none for customers. */
export function backOfficeMenu(roleId: number | null): MenuEntry[] {
  return menuRows
    .filter(
      (row) =>
        routeRedirect(row.path, roleId) === null &&
        (!row.roles || (roleId !== null && row.roles.includes(roleId as RoleId))),
    )
    .map(({ path, label, icon }) => ({ path, label, icon }));
}

const loadLayout = {
  backOffice: () => withTexts("backOffice", import("./layout/app-layout")),
  kitchenMode: () => withTexts("backOffice", import("./layout/kitchen-mode-layout")),
};
export const AppLayout = lazyComponent(loadLayout.backOffice, (m) => m.AppLayout);
export const KitchenModeLayout = lazyComponent(loadLayout.kitchenMode, (m) => m.KitchenModeLayout);

/**
 * Starts loading the screen at `pathname` and its layout, if it is one of the back office's. The
 * entry starts it alongside the back office's routes (app/router.tsx `preloadPage`): otherwise the
 * routes, the layout and the screen load one after another, each once the one before has rendered.
 */
export function preloadBackOfficeScreen(pathname: string): Promise<unknown> {
  const path = normalisePath(pathname);
  const screen = SCREENS.find((row) => row.path === path);
  if (!screen?.view.load) return Promise.resolve();
  const layout: (() => Promise<unknown>)[] = screen.layout === "none" ? [] : [loadLayout[screen.layout]];
  return Promise.all([...layout, screen.view.load].map((load) => preloadModule(load)));
}
