import type { RoleId } from "@kantien/domain/roles";
import { useRoleLabel } from "../../lib/role-label";

/** The domain's roles as choices of a form or filter, named as everywhere else in the app. */
export function useRoleChoices<Role extends RoleId>(roles: readonly Role[]) {
  const roleLabel = useRoleLabel();
  return roles.map((value) => ({ value, label: roleLabel(value) }));
}
