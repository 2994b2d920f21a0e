import { isPublicPath, normalisePath, ROUTES } from "@kantien/domain/route-access";
import { withTexts } from "../lib/i18n";
import { preloadModule } from "../lib/lazy-component";

/**
 * The back office's layouts and screens, each its own chunk (first-load budgets, `npm run bench`). The entry may start
 * loading the ones of the page being opened alongside the back office's routes (app/router.tsx
 * `preloadPage`): otherwise the routes, the layout and the screen load one after another, each
 * once the one before has rendered. This module holds only the loaders, so none of the screens'
 * code joins the entry.
 */
export const loadBackOfficeLayout = {
  app: () => withTexts("backOffice", import("./layout/app-layout")),
  kitchenMode: () => withTexts("backOffice", import("./layout/kitchen-mode-layout")),
};

/** The board in the back office's layout and in the kitchen mode: one chunk. */
const kitchenBoard = () => import("../features/kitchen/components/kitchen-board");

export const loadBackOfficeScreen = {
  [ROUTES.signup]: () => import("../features/signup/components/signup-screen"),
  [ROUTES.verifyEmail]: () => import("../features/verify-email/components/verify-email-screen"),
  [ROUTES.setupAccount]: () => import("../features/setup-account/components/setup-account-screen"),
  [ROUTES.forgotPassword]: () => import("../features/forgot-password/components/forgot-password-screen"),
  [ROUTES.resetPassword]: () => import("../features/reset-password/components/reset-password-screen"),
  [ROUTES.kitchenMode]: kitchenBoard,
  [ROUTES.counter]: () => import("../features/counter/components/counter-screen"),
  [ROUTES.kitchenPrint]: () => import("../features/kitchen-print/components/print-screen"),
  [ROUTES.kitchen]: kitchenBoard,
  [ROUTES.dashboard]: () => import("../features/dashboard/components/dashboard-screen"),
  [ROUTES.weeklyOrders]: () => import("../features/weekly-orders/components/weekly-orders-screen"),
  [ROUTES.menu]: () => import("../features/menu/components/menu-screen"),
  [ROUTES.orders]: () => import("../features/orders/components/orders-screen"),
  [ROUTES.money]: () => import("../features/money/components/money-screen"),
  [ROUTES.reports]: () => withTexts("reports", import("../features/reports/components/reports-screen")),
  [ROUTES.customers]: () => import("../features/customers/components/customers-screen"),
  [ROUTES.staff]: () => import("../features/staff/components/staff-screen"),
  [ROUTES.canteen]: () => import("../features/canteen/components/canteen-screen"),
  [ROUTES.settings]: () => import("../features/settings/components/settings-screen"),
};

type ScreenPath = keyof typeof loadBackOfficeScreen;

/** The screens the back office shows without its top bar and side menu. */
const KITCHEN_MODE_SCREENS: readonly string[] = [ROUTES.kitchenMode, ROUTES.counter, ROUTES.kitchenPrint];

/** Starts loading the screen at `pathname` and its layout, if it is one of the back office's. */
export function preloadBackOfficeScreen(pathname: string): Promise<unknown> {
  const path = normalisePath(pathname);
  const load: (() => Promise<unknown>) | undefined = loadBackOfficeScreen[path as ScreenPath];
  if (!load) return Promise.resolve();
  if (isPublicPath(path)) return preloadModule(load);
  const layout: () => Promise<unknown> = KITCHEN_MODE_SCREENS.includes(path)
    ? loadBackOfficeLayout.kitchenMode
    : loadBackOfficeLayout.app;
  return Promise.all([preloadModule(layout), preloadModule(load)]);
}
