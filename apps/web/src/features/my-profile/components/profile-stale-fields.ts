import type { MyProfile } from "@kantien/domain/my";
import type { TFunction } from "i18next";
import type { StaleField } from "../../../components/stale-dialog";

/** What the stale dialog compares on /my/profile: every part of the profile either section saves. */
export function profileStaleFields(t: TFunction): StaleField<MyProfile>[] {
  return [
    { label: t("resources.user.fields.first_name"), value: (p) => p.firstName, show: (p) => p.firstName },
    { label: t("resources.user.fields.last_name"), value: (p) => p.lastName, show: (p) => p.lastName },
    {
      label: t("resources.user.fields.phone_number"),
      value: (p) => p.phoneNumber,
      show: (p) => p.phoneNumber,
    },
    {
      label: t("screens.settings.language"),
      value: (p) => p.language,
      show: (p) => t(`screens.settings.languages.${p.language}`),
    },
    {
      label: t("screens.settings.theme"),
      value: (p) => p.theme,
      show: (p) => t(`screens.settings.themes.${p.theme}`),
    },
    { label: t("my.allergies.allergiesLabel"), value: (p) => p.allergies },
    { label: t("my.allergies.dietLabel"), value: (p) => p.diet },
    { label: t("my.allergies.consentTitle"), value: (p) => p.allergyConsent },
  ];
}
