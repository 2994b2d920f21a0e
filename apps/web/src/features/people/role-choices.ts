import { ROLE, type RoleId, roleName } from "@kantien/domain/roles";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../../lib/app-config";

/** The domain's roles as choices of a form or filter, named as everywhere else in the app. */
export function useRoleChoices<Role extends RoleId>(roles: readonly Role[]) {
  const { t } = useTranslation();
  const canteenName = useAppConfig().canteenName;
  const label = (role: RoleId) => {
    if (role === ROLE.student) return t("roles.names.student");
    if (role === ROLE.academyStaff) return t("roles.names.academyStaff");
    return roleName(role, canteenName);
  };
  return roles.map((value) => ({ value, label: label(value) }));
}
