import { ROUTES } from "@kantien/domain/route-access";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";

/** To /forgot-password, when the mailed link is missing or no longer works. */
export function RequestNewLink() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={ROUTES.forgotPassword} variant="contained" size="large">
      {t("screens.resetPassword.requestNewLink")}
    </Button>
  );
}
