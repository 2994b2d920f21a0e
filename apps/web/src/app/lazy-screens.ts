import { lazy } from "react";

// Every screen except /login loads on demand (DESIGN §10: /login first load ≤ 200 KB gzipped).
export const AppLayout = lazy(() => import("./layout/app-layout").then((m) => ({ default: m.AppLayout })));
export const SignupScreen = lazy(() =>
  import("../features/signup/components/signup-screen").then((m) => ({ default: m.SignupScreen })),
);
export const VerifyEmailScreen = lazy(() =>
  import("../features/verify-email/components/verify-email-screen").then((m) => ({
    default: m.VerifyEmailScreen,
  })),
);
export const SetupAccountScreen = lazy(() =>
  import("../features/setup-account/components/setup-account-screen").then((m) => ({
    default: m.SetupAccountScreen,
  })),
);
export const ForgotPasswordScreen = lazy(() =>
  import("../features/forgot-password/components/forgot-password-screen").then((m) => ({
    default: m.ForgotPasswordScreen,
  })),
);
export const ResetPasswordScreen = lazy(() =>
  import("../features/reset-password/components/reset-password-screen").then((m) => ({
    default: m.ResetPasswordScreen,
  })),
);
export const KitchenModeLayout = lazy(() =>
  import("./layout/kitchen-mode-layout").then((m) => ({ default: m.KitchenModeLayout })),
);
export const CounterScreen = lazy(() =>
  import("../features/kitchen/components/counter-screen").then((m) => ({ default: m.CounterScreen })),
);
export const PrintScreen = lazy(() =>
  import("../features/kitchen/components/print-screen").then((m) => ({ default: m.PrintScreen })),
);
export const KitchenScreen = lazy(() =>
  import("../features/kitchen/components/kitchen-board").then((m) => ({ default: m.KitchenBoard })),
);
export const DashboardScreen = lazy(() =>
  import("../features/dashboard/components/dashboard-screen").then((m) => ({ default: m.DashboardScreen })),
);
export const WeeklyOrdersScreen = lazy(() =>
  import("../features/weekly-orders/components/weekly-orders-screen").then((m) => ({
    default: m.WeeklyOrdersScreen,
  })),
);
export const MenuScreen = lazy(() =>
  import("../features/menu/components/menu-screen").then((m) => ({ default: m.MenuScreen })),
);
export const OrdersScreen = lazy(() =>
  import("../features/orders/components/orders-screen").then((m) => ({ default: m.OrdersScreen })),
);
export const CustomersScreen = lazy(() =>
  import("../features/customers/components/customers-screen").then((m) => ({ default: m.CustomersScreen })),
);
export const StaffScreen = lazy(() =>
  import("../features/staff/components/staff-screen").then((m) => ({ default: m.StaffScreen })),
);
export const SettingsScreen = lazy(() =>
  import("../features/settings/components/settings-screen").then((m) => ({ default: m.SettingsScreen })),
);
