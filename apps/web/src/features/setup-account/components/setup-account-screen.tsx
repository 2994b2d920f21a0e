import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { LoadingScreen } from "../../../components/loading-screen";
import { useVerifyInvitation } from "../api/verify-invitation";
import { SetupAccountForm } from "./setup-account-form";

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to="/login" variant="outlined">
      {t("common.backToSignIn")}
    </Button>
  );
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const invitation = useVerifyInvitation(token);
  if (invitation.isPending) return <LoadingScreen label={t("screens.setupAccount.checking")} />;
  if (invitation.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">
          <AlertTitle>{t("screens.setupAccount.invalid")}</AlertTitle>
          {invitation.error.message}
        </Alert>
        <BackToSignIn />
      </Stack>
    );
  }
  return <SetupAccountForm token={token} invitee={invitation.data.user} />;
}

export function SetupAccountScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthCard title={t("screens.setupAccount.title")}>
      {token ? (
        <Invitation token={token} />
      ) : (
        <Stack spacing={2}>
          <Alert severity="error">{t("screens.setupAccount.missingToken")}</Alert>
          <BackToSignIn />
        </Stack>
      )}
    </AuthCard>
  );
}
