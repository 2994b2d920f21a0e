import { ROLE, roleName } from "@kantien/domain/roles";

/** The roles a staff member may have, as choices in a form (kitchen staff first). */
export function staffRoleChoices(canteenName: string) {
  return [ROLE.kitchenStaff, ROLE.kitchenAdmin].map((value) => ({
    value,
    label: roleName(value, canteenName),
  }));
}
