import { type AppPath, ROUTES } from "@kantien/domain/route-access";
import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import BadgeIcon from "@mui/icons-material/Badge";
import BarChartIcon from "@mui/icons-material/BarChart";
import CalendarMonthIcon from "@mui/icons-material/CalendarMonth";
import DashboardIcon from "@mui/icons-material/Dashboard";
import KitchenIcon from "@mui/icons-material/Kitchen";
import PeopleIcon from "@mui/icons-material/People";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import RestaurantMenuIcon from "@mui/icons-material/RestaurantMenu";
import SettingsIcon from "@mui/icons-material/Settings";
import StorefrontIcon from "@mui/icons-material/Storefront";
import type { ReactNode } from "react";

type MenuItem = {
  labelKey: `nav.${"dashboard" | "weeklyOrders" | "menu" | "orders" | "money" | "reports" | "customers" | "staff" | "canteen" | "settings" | "kitchen"}`;
  icon: ReactNode;
};

/** How each menu path looks; which paths a role sees comes from the domain's menuPaths. */
export const MENU_ITEMS: Partial<Record<AppPath, MenuItem>> = {
  "/dashboard": { labelKey: "nav.dashboard", icon: <DashboardIcon /> },
  "/weekly-orders": { labelKey: "nav.weeklyOrders", icon: <CalendarMonthIcon /> },
  "/menu": { labelKey: "nav.menu", icon: <RestaurantMenuIcon /> },
  "/orders": { labelKey: "nav.orders", icon: <ReceiptLongIcon /> },
  [ROUTES.money]: { labelKey: "nav.money", icon: <AccountBalanceIcon /> },
  [ROUTES.reports]: { labelKey: "nav.reports", icon: <BarChartIcon /> },
  [ROUTES.customers]: { labelKey: "nav.customers", icon: <PeopleIcon /> },
  "/staff": { labelKey: "nav.staff", icon: <BadgeIcon /> },
  [ROUTES.canteen]: { labelKey: "nav.canteen", icon: <StorefrontIcon /> },
  "/settings": { labelKey: "nav.settings", icon: <SettingsIcon /> },
  "/kitchen": { labelKey: "nav.kitchen", icon: <KitchenIcon /> },
};
