import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";

/** Only the title until this screen is built (no invented content). */
export function SettingsScreen() {
  const { t } = useTranslation();
  return <PageTitle>{t("screens.settings.title")}</PageTitle>;
}
