import { z } from "zod";
import { dataAnswer, orderStatusSchema } from "./api";
import { type ChipColor, statusChipColor } from "./order-status";

/**
 * Contract of the dashboard (/dashboard, staff and admin):
 * `GET /api/dashboard` → `{ success, data: DashboardSummary }`, one aggregate query for the counts.
 */

export const dashboardCounts = z.object({
  totalOrders: z.number().int(),
  /** Orders waiting for the kitchen: pending, and paid but not begun (decision 0022). */
  pendingOrders: z.number().int(),
  /** Customers: roles 1 and 2. */
  activeUsers: z.number().int(),
  /** Roles 3 and 4. */
  staff: z.number().int(),
  /** Active (not retired) food items. */
  menuItems: z.number().int(),
  weeklyMenus: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCounts>;

/** A recent-activity entry: the latest 3 orders and the latest 2 new users, newest first. */
export const activityEntry = z.object({
  id: z.string(),
  type: z.enum(["order", "user"]),
  /** Order: the customer's name; user: the new user's name. */
  title: z.string(),
  /** Order: item × quantity; user: the role name as stored (the screen names `roleId` in its language). */
  description: z.string(),
  /** User: their role; order: null. */
  roleId: z.number().int().nullable(),
  timestamp: z.string(),
  /** Order: its status; user: "completed" (a chip that reads as 'new'). */
  status: z.union([orderStatusSchema, z.literal("completed")]),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const dashboardSummary = z.object({ counts: dashboardCounts, activity: z.array(activityEntry) });
export type DashboardSummary = z.infer<typeof dashboardSummary>;
/** `GET /api/dashboard`. */
export const dashboardAnswer = dataAnswer(dashboardSummary);

/**
 * Chip colour of an activity entry: pending warning, completed
 * success, processing info; the other statuses keep their order chip colours.
 */
export function activityChipColor(status: ActivityEntry["status"]): ChipColor {
  if (status === "completed") return "success";
  if (status === "processing") return "info";
  return statusChipColor(status);
}
