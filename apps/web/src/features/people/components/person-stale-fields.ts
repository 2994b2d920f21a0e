import type { TFunction } from "i18next";
import type { StaleField } from "../../../components/stale-dialog";

type Person = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  roleId: number;
};

/**
 * What the stale dialog compares on a person's edit dialog (customers and staff, decision 0057):
 * the fields both forms share, and the form's own number (`number`: its label and value).
 */
export function personStaleFields<T extends Person>(
  t: TFunction,
  roleLabel: (roleId: number) => string,
  number: { label: string; value: (person: T) => string | null },
): StaleField<T>[] {
  return [
    { label: t("resources.user.fields.first_name"), value: (p) => p.firstName, show: (p) => p.firstName },
    { label: t("resources.user.fields.last_name"), value: (p) => p.lastName, show: (p) => p.lastName },
    { label: t("resources.user.fields.email"), value: (p) => p.email, show: (p) => p.email },
    {
      label: t("resources.user.fields.phone_number"),
      value: (p) => p.phoneNumber,
      show: (p) => p.phoneNumber,
    },
    { label: t("resources.user.fields.role_id"), value: (p) => p.roleId, show: (p) => roleLabel(p.roleId) },
    { label: number.label, value: number.value, show: number.value },
  ];
}
