import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { LoadingScreen } from "../../../components/loading-screen";
import { useVerifyEmail } from "../api/verify-email";

function BackToSignIn({ label }: { label: string }) {
  return (
    <Button component={RouterLink} to="/login" variant="contained">
      {label}
    </Button>
  );
}

function Verification({ token }: { token: string }) {
  const { t } = useTranslation();
  const verification = useVerifyEmail(token);
  if (verification.isPending) return <LoadingScreen label={t("screens.verifyEmail.verifying")} />;
  if (verification.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">
          <AlertTitle>{t("screens.verifyEmail.failed")}</AlertTitle>
          {verification.error.message}
        </Alert>
        <BackToSignIn label={t("common.backToSignIn")} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="success">{verification.data.message}</Alert>
      <BackToSignIn label={t("common.signIn")} />
    </Stack>
  );
}

export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthCard title={t("screens.verifyEmail.title")}>
      {token ? (
        <Verification token={token} />
      ) : (
        <Stack spacing={2}>
          <Alert severity="error">{t("screens.verifyEmail.missingToken")}</Alert>
          <BackToSignIn label={t("common.backToSignIn")} />
        </Stack>
      )}
    </AuthCard>
  );
}
