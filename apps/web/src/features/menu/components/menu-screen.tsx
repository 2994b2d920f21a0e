import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";

/** Only the title until this screen is built (no invented content). */
export function MenuScreen() {
  const { t } = useTranslation();
  return <PageTitle>{t("screens.menu.title")}</PageTitle>;
}
