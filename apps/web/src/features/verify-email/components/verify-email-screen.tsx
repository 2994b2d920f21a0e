import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { LoadingScreen } from "../../../components/loading-screen";
import { SignInLinks } from "../../../components/sign-in-links";
import { useVerifyEmail } from "../api/verify-email";

// Sign-up makes only customers, but the answer does not say whose address this was: the
// ordering app comes first and the back office is one link away.
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
        <SignInLinks />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="success">{verification.data.message}</Alert>
      <SignInLinks />
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
          <SignInLinks />
        </Stack>
      )}
    </AuthCard>
  );
}
