import { type ChipColor, type OrderStatus, statusChipColor } from "./order-status";

/**
 * Contract of the dashboard (/dashboard, staff and admin):
 * `GET /api/dashboard` → `{ success, data: DashboardSummary }`, one aggregate query for the counts.
 */

export type DashboardCounts = {
  totalOrders: number;
  /** Orders waiting: status pending, in any letter case. */
  pendingOrders: number;
  /** Customers: roles 1 and 2. */
  activeUsers: number;
  /** Roles 3 and 4. */
  staff: number;
  /** Active (not retired) food items. */
  menuItems: number;
  weeklyMenus: number;
};

/** The spec's activity entry (§3): the latest 3 orders and the latest 2 new users, newest first. */
export type ActivityEntry = {
  id: string;
  type: "order" | "user";
  /** Order: the customer's name; user: the new user's name. */
  title: string;
  /** Order: item × quantity; user: the role name. */
  description: string;
  timestamp: string;
  /** Order: its status; user: "completed" (a chip that reads as 'new'). */
  status: OrderStatus | "completed";
};

export type DashboardSummary = { counts: DashboardCounts; activity: ActivityEntry[] };

/**
 * Chip colour of an activity entry (spec §4 "Activity chips"): pending warning, completed
 * success, processing info; the other statuses keep their order chip colours.
 */
export function activityChipColor(status: ActivityEntry["status"]): ChipColor {
  if (status === "completed") return "success";
  if (status === "processing") return "info";
  return statusChipColor(status);
}
