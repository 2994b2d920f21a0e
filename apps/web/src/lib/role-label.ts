import { ROLE } from "@kantien/domain/roles";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "./app-config";

export type RoleKey = keyof typeof ROLE | "unknown";

export function roleKey(roleId: number): RoleKey {
  const entry = Object.entries(ROLE).find(([, id]) => id === roleId);
  return entry ? (entry[0] as keyof typeof ROLE) : "unknown";
}

/**
 * A role's name in the interface's language, wherever a role is shown (chips, filters,
 * dialogs); the canteen's own roles carry its name as it is spelt (the domain's `ROLE_LABELS`, as the mails say).
 */
export function useRoleLabel(): (roleId: number) => string {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  return (roleId) => t(`roles.names.${roleKey(roleId)}`, { canteen: canteenName });
}
