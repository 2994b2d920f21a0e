import AccountBalance from "@mui/icons-material/AccountBalance";
import Badge from "@mui/icons-material/Badge";
import BarChart from "@mui/icons-material/BarChart";
import CalendarMonth from "@mui/icons-material/CalendarMonth";
import Dashboard from "@mui/icons-material/Dashboard";
import Kitchen from "@mui/icons-material/Kitchen";
import People from "@mui/icons-material/People";
import ReceiptLong from "@mui/icons-material/ReceiptLong";
import RestaurantMenu from "@mui/icons-material/RestaurantMenu";
import Settings from "@mui/icons-material/Settings";
import Storefront from "@mui/icons-material/Storefront";

/**
 * The side menu's icons, by the name a screen's row gives (app/screens.tsx). They come with the
 * back office's layout, in its chunk: the routes, which the sign-in page loads, only name them
 * (first-load budgets, `npm run bench`), and an icon the ordering app shares stays in one chunk.
 */
export const MENU_ICONS = {
  AccountBalance,
  Badge,
  BarChart,
  CalendarMonth,
  Dashboard,
  Kitchen,
  People,
  ReceiptLong,
  RestaurantMenu,
  Settings,
  Storefront,
};

export type MenuIconName = keyof typeof MENU_ICONS;
