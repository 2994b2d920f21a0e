import { ROUTES } from "@kantien/domain/route-access";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";

/**
 * Where to sign in when the page cannot tell who someone is (a verified email, a reset
 * password): the ordering app first, as most accounts are customers', and the back office
 * for canteen staff.
 */
export function SignInLinks() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <Button component={RouterLink} to={ROUTES.myLogin} variant="contained" size="large">
        {t("common.signInOrderingApp")}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
        {t("common.staffSignIn")}{" "}
        <Link component={RouterLink} to={ROUTES.login}>
          {t("common.signInBackOffice")}
        </Link>
      </Typography>
    </Stack>
  );
}
