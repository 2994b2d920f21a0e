import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { RequestNewLink } from "./request-new-link";
import { ResetPasswordForm } from "./reset-password-form";

/** The mailed reset link's page (`/reset-password?token=…`). */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthCard title={t("screens.resetPassword.title")}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Stack spacing={2}>
          <Alert severity="error">{t("screens.resetPassword.missingToken")}</Alert>
          <RequestNewLink />
        </Stack>
      )}
    </AuthCard>
  );
}
