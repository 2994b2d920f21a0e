import { ROUTES } from "@kantien/domain/route-access";
import type { ReactNode } from "react";
import { Route, Routes } from "react-router";
import { preloadBackOfficeScreen } from "./back-office-screens";
import {
  AppLayout,
  CanteenScreen,
  CounterScreen,
  CustomersScreen,
  DashboardScreen,
  ForgotPasswordScreen,
  KitchenModeLayout,
  KitchenScreen,
  LoginScreen,
  MenuScreen,
  MoneyScreen,
  OrdersScreen,
  PrintScreen,
  ReportsScreen,
  ResetPasswordScreen,
  SettingsScreen,
  SetupAccountScreen,
  SignupScreen,
  StaffScreen,
  VerifyEmailScreen,
  WeeklyOrdersScreen,
} from "./lazy-screens";
import { SectionBoundary } from "./section-boundary";

export { preloadBackOfficeScreen };

function page(section: string, screen: ReactNode) {
  return <SectionBoundary section={section}>{screen}</SectionBoundary>;
}

/** The back office's screens, behind the router's guard. */
export function BackOfficeRoutes() {
  return (
    <Routes>
      <Route
        path={ROUTES.login}
        element={page("login", <LoginScreen preloadPage={preloadBackOfficeScreen} />)}
      />
      <Route path={ROUTES.signup} element={page("signup", <SignupScreen />)} />
      <Route path={ROUTES.verifyEmail} element={page("verify-email", <VerifyEmailScreen />)} />
      <Route path={ROUTES.setupAccount} element={page("setup-account", <SetupAccountScreen />)} />
      <Route path={ROUTES.forgotPassword} element={page("forgot-password", <ForgotPasswordScreen />)} />
      <Route path={ROUTES.resetPassword} element={page("reset-password", <ResetPasswordScreen />)} />
      <Route element={page("kitchen-mode", <KitchenModeLayout />)}>
        <Route path={ROUTES.kitchenMode} element={page("kitchen", <KitchenScreen mode="kitchen" />)} />
        <Route path={ROUTES.counter} element={page("counter", <CounterScreen />)} />
        <Route path={ROUTES.kitchenPrint} element={page("kitchen-print", <PrintScreen />)} />
      </Route>
      <Route element={page("layout", <AppLayout />)}>
        <Route path={ROUTES.kitchen} element={page("kitchen", <KitchenScreen />)} />
        <Route path={ROUTES.dashboard} element={page("dashboard", <DashboardScreen />)} />
        <Route path={ROUTES.weeklyOrders} element={page("weekly-orders", <WeeklyOrdersScreen />)} />
        <Route path={ROUTES.menu} element={page("menu", <MenuScreen />)} />
        <Route path={ROUTES.orders} element={page("orders", <OrdersScreen />)} />
        <Route path={ROUTES.money} element={page("money", <MoneyScreen />)} />
        <Route path={ROUTES.reports} element={page("reports", <ReportsScreen />)} />
        <Route path={ROUTES.customers} element={page("customers", <CustomersScreen />)} />
        <Route path={ROUTES.staff} element={page("staff", <StaffScreen />)} />
        <Route path={ROUTES.canteen} element={page("canteen", <CanteenScreen />)} />
        <Route path={ROUTES.settings} element={page("settings", <SettingsScreen />)} />
      </Route>
      {/* "/" and unknown paths: the guard always redirects them. */}
      <Route path="*" element={null} />
    </Routes>
  );
}
