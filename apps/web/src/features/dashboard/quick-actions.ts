import { isAdminRole } from "@kantien/domain/roles";
import { type AppPath, ROUTES, routeRedirect } from "@kantien/domain/route-access";

export type QuickAction = {
  key: "addStaff" | "addMenuItem" | "viewOrders" | "kitchen" | "manageStaff" | "settings";
  path: AppPath;
  /** Changes only an admin may make (staff cannot invite staff), though the screen opens for staff. */
  adminOnly?: boolean;
};

/** The six quick actions, in their order. */
export const QUICK_ACTIONS: readonly QuickAction[] = [
  { key: "addStaff", path: ROUTES.staff, adminOnly: true },
  { key: "addMenuItem", path: ROUTES.menu },
  { key: "viewOrders", path: ROUTES.orders },
  { key: "kitchen", path: ROUTES.kitchen },
  { key: "manageStaff", path: ROUTES.staff },
  { key: "settings", path: ROUTES.settings },
];

/** The actions a role may use: the route opens for it, and the action is its to take. */
export function quickActionsFor(roleId: number): QuickAction[] {
  return QUICK_ACTIONS.filter(
    (action) => routeRedirect(action.path, roleId) === null && (!action.adminOnly || isAdminRole(roleId)),
  );
}
