import { ROUTES } from "@kantien/domain/route-access";
import { lazyScreen } from "../lib/lazy-screen";
import { loadBackOfficeLayout as layout, loadBackOfficeScreen as load } from "./back-office-screens";

// Every screen loads on demand (the first loads stay within their budgets; `npm run bench`); the
// entry preloads the one being opened (back-office-screens.ts). The sign-in screen, where every
// visit of the back office starts, comes with the back office's routes: one chunk fewer on
// /login, whose first load is the tightest.
export const AppLayout = lazyScreen(layout.app, (m) => m.AppLayout);
export const KitchenModeLayout = lazyScreen(layout.kitchenMode, (m) => m.KitchenModeLayout);
export { LoginScreen } from "../features/login/components/login-screen";
export const SignupScreen = lazyScreen(load[ROUTES.signup], (m) => m.SignupScreen);
export const VerifyEmailScreen = lazyScreen(load[ROUTES.verifyEmail], (m) => m.VerifyEmailScreen);
export const SetupAccountScreen = lazyScreen(load[ROUTES.setupAccount], (m) => m.SetupAccountScreen);
export const ForgotPasswordScreen = lazyScreen(load[ROUTES.forgotPassword], (m) => m.ForgotPasswordScreen);
export const ResetPasswordScreen = lazyScreen(load[ROUTES.resetPassword], (m) => m.ResetPasswordScreen);
export const CounterScreen = lazyScreen(load[ROUTES.counter], (m) => m.CounterScreen);
export const PrintScreen = lazyScreen(load[ROUTES.kitchenPrint], (m) => m.PrintScreen);
export const KitchenScreen = lazyScreen(load[ROUTES.kitchen], (m) => m.KitchenBoard);
export const DashboardScreen = lazyScreen(load[ROUTES.dashboard], (m) => m.DashboardScreen);
export const WeeklyOrdersScreen = lazyScreen(load[ROUTES.weeklyOrders], (m) => m.WeeklyOrdersScreen);
export const MenuScreen = lazyScreen(load[ROUTES.menu], (m) => m.MenuScreen);
export const OrdersScreen = lazyScreen(load[ROUTES.orders], (m) => m.OrdersScreen);
export const CustomersScreen = lazyScreen(load[ROUTES.customers], (m) => m.CustomersScreen);
export const StaffScreen = lazyScreen(load[ROUTES.staff], (m) => m.StaffScreen);
export const SettingsScreen = lazyScreen(load[ROUTES.settings], (m) => m.SettingsScreen);
