import { ROUTES } from "@kantien/domain/route-access";
import { lazyComponent } from "../lib/lazy-component";
import { loadBackOfficeLayout as layout, loadBackOfficeScreen as load } from "./back-office-screens";

// Every screen loads on demand (the first loads stay within their budgets; `npm run bench`); the
// entry preloads the one being opened (back-office-screens.ts). The sign-in screen, where every
// visit of the back office starts, comes with the back office's routes: one chunk fewer on
// /login, whose first load is the tightest.
export const AppLayout = lazyComponent(layout.app, (m) => m.AppLayout);
export const KitchenModeLayout = lazyComponent(layout.kitchenMode, (m) => m.KitchenModeLayout);
export { LoginScreen } from "../features/login/components/login-screen";
export const SignupScreen = lazyComponent(load[ROUTES.signup], (m) => m.SignupScreen);
export const VerifyEmailScreen = lazyComponent(load[ROUTES.verifyEmail], (m) => m.VerifyEmailScreen);
export const SetupAccountScreen = lazyComponent(load[ROUTES.setupAccount], (m) => m.SetupAccountScreen);
export const ForgotPasswordScreen = lazyComponent(load[ROUTES.forgotPassword], (m) => m.ForgotPasswordScreen);
export const ResetPasswordScreen = lazyComponent(load[ROUTES.resetPassword], (m) => m.ResetPasswordScreen);
export const CounterScreen = lazyComponent(load[ROUTES.counter], (m) => m.CounterScreen);
export const PrintScreen = lazyComponent(load[ROUTES.kitchenPrint], (m) => m.PrintScreen);
export const KitchenScreen = lazyComponent(load[ROUTES.kitchen], (m) => m.KitchenBoard);
export const DashboardScreen = lazyComponent(load[ROUTES.dashboard], (m) => m.DashboardScreen);
export const WeeklyOrdersScreen = lazyComponent(load[ROUTES.weeklyOrders], (m) => m.WeeklyOrdersScreen);
export const MenuScreen = lazyComponent(load[ROUTES.menu], (m) => m.MenuScreen);
export const OrdersScreen = lazyComponent(load[ROUTES.orders], (m) => m.OrdersScreen);
export const MoneyScreen = lazyComponent(load[ROUTES.money], (m) => m.MoneyScreen);
export const ReportsScreen = lazyComponent(load[ROUTES.reports], (m) => m.ReportsScreen);
export const CustomersScreen = lazyComponent(load[ROUTES.customers], (m) => m.CustomersScreen);
export const StaffScreen = lazyComponent(load[ROUTES.staff], (m) => m.StaffScreen);
export const CanteenScreen = lazyComponent(load[ROUTES.canteen], (m) => m.CanteenScreen);
export const SettingsScreen = lazyComponent(load[ROUTES.settings], (m) => m.SettingsScreen);
