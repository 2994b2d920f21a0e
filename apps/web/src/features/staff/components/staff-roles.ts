import { ROLE } from "@kantien/domain/roles";

/** The roles a staff member may have, as choices in a form (kitchen staff first), named in the interface's language. */
export function staffRoleChoices(roleLabel: (roleId: number) => string) {
  return [ROLE.kitchenStaff, ROLE.kitchenAdmin].map((value) => ({ value, label: roleLabel(value) }));
}
