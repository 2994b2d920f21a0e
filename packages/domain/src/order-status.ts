import type { Language } from "./language";
import { isAdminRole, isStaffRole, usesOrderingApp } from "./roles";

/** The seven order statuses, lower case as stored. */
export const ORDER_STATUSES = [
  "pending",
  "paid",
  "processing",
  "ready",
  "delivered",
  "cancelled",
  "failed",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The one name of each status in each language (decision 0019): the kitchen board (columns,
 * counts and the buttons that move an order there), the weekly view, the orders screen and
 * its filter, the timeline, print and the CSV all say these. The web app's locale files hold
 * the same texts (`resources.order.statuses`); a test keeps them equal. Customers read them too
 * (one state, one word). A paid order the kitchen has not begun is still to do (decision 0022),
 * so its name says both.
 */
export const ORDER_STATUS_LABELS: Record<Language, Record<OrderStatus, string>> = {
  af: {
    pending: "Om te doen",
    paid: "Betaal, om te doen",
    processing: "Besig",
    ready: "Gereed",
    delivered: "Afgehaal",
    cancelled: "Gekanselleer",
    failed: "Misluk",
  },
  en: {
    pending: "To do",
    paid: "Paid, to do",
    processing: "In progress",
    ready: "Ready",
    delivered: "Collected",
    cancelled: "Cancelled",
    failed: "Failed",
  },
};

/**
 * Kitchen steps, each button named after the status it moves to: Besig, Gereed, Afgehaal.
 * An order paid from the wallet waits for the kitchen just like a pending one, so Besig starts it too.
 */
export const KITCHEN_NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  pending: "processing",
  paid: "processing",
  processing: "ready",
  ready: "delivered",
};

/** Statuses the kitchen board shows as columns. */
export const KITCHEN_COLUMNS = ["pending", "processing", "ready"] as const satisfies readonly OrderStatus[];
export type KitchenColumn = (typeof KITCHEN_COLUMNS)[number];

/** Statuses of orders that wait for the kitchen to begin: the board's first column. */
export const WAITING_STATUSES: readonly OrderStatus[] = ["pending", "paid"];

export function isWaitingForKitchen(status: OrderStatus): boolean {
  return WAITING_STATUSES.includes(status);
}

/** The board column an order stands in, or null when the kitchen is done with it. */
export function kitchenColumnOf(status: OrderStatus): KitchenColumn | null {
  if (isWaitingForKitchen(status)) return "pending";
  return status === "processing" || status === "ready" ? status : null;
}

/** Statuses an admin may pick on the orders screen's status dropdown. */
export const ADMIN_SELECTABLE_STATUSES = [
  "pending",
  "processing",
  "delivered",
  "cancelled",
  "failed",
] as const satisfies readonly OrderStatus[];

/** The orders screen's dropdown for an order in `current`: the admin's choices it may move to. */
export function adminStatusChoices(current: OrderStatus): OrderStatus[] {
  return ADMIN_SELECTABLE_STATUSES.filter((to) => canChangeOrderStatus(4, current, to));
}

/** Statuses that no longer count as work for the kitchen. */
export const CLOSED_STATUSES: readonly OrderStatus[] = ["delivered", "cancelled", "failed"];

/**
 * The kitchen's backward steps (undo and recall): from each status, the statuses a step back
 * may return to. Undoing Besig returns an order to where it waited (pending, or paid when the
 * wallet paid it), undoing Gereed to processing, and undoing Afgehaal (or recalling a collected
 * order) to ready. Nothing steps back out of cancelled or failed.
 */
export const KITCHEN_PREVIOUS_STATUSES: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  processing: ["pending", "paid"],
  ready: ["processing"],
  delivered: ["ready"],
};

/** How long after a kitchen step staff may still take it back: the "Onlangs afgehaal" window. */
export const STEP_BACK_WINDOW_MINUTES = 30;

/** The order's last status change, from its history: where it came from, and how long ago. */
export type LastStatusChange = { from: OrderStatus | null; minutesAgo: number };

/**
 * Whether `from` → `to` is a kitchen step back: one step, to exactly the status the order
 * came from, within STEP_BACK_WINDOW_MINUTES of that change.
 */
export function isKitchenStepBack(from: OrderStatus, to: OrderStatus, last?: LastStatusChange): boolean {
  if (!last || last.from !== to || last.minutesAgo >= STEP_BACK_WINDOW_MINUTES) return false;
  return KITCHEN_PREVIOUS_STATUSES[from]?.includes(to) ?? false;
}

/**
 * Whether a user of `roleId` may move an order from `from` to `to`; `last` is the order's
 * last status change, which a step back needs.
 * Staff follow the kitchen steps, may take the last one back (`isKitchenStepBack`), and may
 * cancel an order that is still open (cancelling refunds a paid order, so food already handed
 * out is never refunded by the kitchen); admins may also set any other status.
 * Customers may cancel their own order while the kitchen has not begun it (and only before
 * its cut-off, which the server checks with the canteen's rules).
 * For everyone: only the wallet payment makes an order paid (a step back returns a paid order
 * to paid, it does not pay again), and a cancelled order was refunded, so it stays cancelled
 * (decision 0008).
 */
export function canChangeOrderStatus(
  roleId: number,
  from: OrderStatus,
  to: OrderStatus,
  last?: LastStatusChange,
): boolean {
  if (from === to || from === "cancelled") return false;
  if (isStaffRole(roleId) && isKitchenStepBack(from, to, last)) return true;
  if (to === "paid") return false;
  if (isAdminRole(roleId)) return true;
  // A guardian acting for a learner (decision 0068) may do what the learner may.
  if (usesOrderingApp(roleId)) return to === "cancelled" && isWaitingForKitchen(from);
  if (!isStaffRole(roleId)) return false;
  if (to === "cancelled") return !CLOSED_STATUSES.includes(from);
  return KITCHEN_NEXT_STATUS[from] === to;
}

export type ChipColor = "default" | "warning" | "success" | "error" | "info" | "primary";

/** Chip colours: pending warning, paid (waiting) grey, processing primary, ready info, delivered success, cancelled and failed error. */
export function statusChipColor(status: string): ChipColor {
  switch (status.toLowerCase()) {
    case "pending":
      return "warning";
    // Paid and waiting for the kitchen is not done: grey, never the green of Afgehaal.
    case "paid":
      return "default";
    case "delivered":
      return "success";
    case "cancelled":
    case "failed":
      return "error";
    case "ready":
      return "info";
    case "processing":
      return "primary";
    default:
      return "default";
  }
}

/** Minutes an order has been in its current preparation, from when it entered processing. */
export function minutesSince(from: Date | string, now: Date): number {
  const start = typeof from === "string" ? new Date(from) : from;
  return Math.max(0, Math.floor((now.getTime() - start.getTime()) / 60_000));
}
