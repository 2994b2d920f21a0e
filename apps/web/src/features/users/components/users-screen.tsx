import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";

/** Only the title until this screen is built (no invented content). */
export function UsersScreen() {
  const { t } = useTranslation();
  return <PageTitle>{t("screens.users.title")}</PageTitle>;
}
