import type { LoginInput } from "@kantien/domain/auth";
import { afterSignInPath, ROUTES } from "@kantien/domain/route-access";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Suspense, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation, useNavigate } from "react-router";
import type { DeniedUser } from "../../../components/access-denied-dialog";
import { AuthCard } from "../../../components/auth-card";
import { CredentialsFields } from "../../../components/credentials-fields";
import { SubmitButton } from "../../../components/submit-button";
import { isNetworkError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { lazyComponent, preloadModule } from "../../../lib/lazy-component";
import { lazyLoginResolver, preloadLoginResolver } from "../../../lib/lazy-login-resolver";
import { useLogin } from "../api/login";

// Only needed after a refused login, so it stays out of the /login first load; until it is
// there, the message shows as plain text.
const loadAlert = () => import("@mui/material/Alert");
const Alert = lazyComponent(loadAlert, (m) => m.default);

/** The form in use: what a sign-in may need next starts loading. */
function preloadForSubmit() {
  preloadLoginResolver();
  void preloadModule(loadAlert);
}

// Only needed after a refused login, so it stays out of the /login first load.
const AccessDeniedDialog = lazyComponent(
  () => import("../../../components/access-denied-dialog"),
  (m) => m.AccessDeniedDialog,
);

/** `preloadPage` loads the code of a page by its path, so the page after signing in opens whole. */
export function LoginScreen({ preloadPage }: { preloadPage: (pathname: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  const navigate = useNavigate();
  const location = useLocation();
  // Home (/dashboard), or back to the kitchen board whose session ended.
  const nextPath = (roleId: number) =>
    afterSignInPath(roleId, (location.state as { returnTo?: unknown } | null)?.returnTo);
  const login = useLogin((answer) => preloadPage(nextPath(answer.user.role_id)));
  const [formError, setFormError] = useState<string | null>(null);
  const [deniedUser, setDeniedUser] = useState<DeniedUser | null>(null);
  const form = useForm<LoginInput>({
    resolver: lazyLoginResolver,
    defaultValues: { email: "", password: "" },
  });
  const { isSubmitting } = form.formState;
  // The reset page starts with the address typed here.
  const typedEmail = useWatch({ control: form.control, name: "email" }).trim();
  const forgotPasswordPath = typedEmail
    ? `${ROUTES.forgotPassword}?${new URLSearchParams({ email: typedEmail })}`
    : ROUTES.forgotPassword;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await login.mutateAsync(values);
      if (answer.error === "unauthorized_role") {
        setDeniedUser(answer.user);
        return;
      }
      navigate(nextPath(answer.user.role_id), { replace: true });
    } catch (error) {
      // The server's message (401, 429 …); an exception gets the generic text.
      setFormError(
        isNetworkError(error) || !(error instanceof Error) ? t("errors.unexpected") : error.message,
      );
    }
  });

  const closeDenied = () => {
    setDeniedUser(null);
    form.resetField("password");
  };

  return (
    <AuthCard
      title={t("screens.login.title")}
      subtitle={t("screens.login.subtitle", { canteen: canteenName })}
    >
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} onFocus={preloadForSubmit}>
        {formError ? (
          <Suspense
            fallback={
              <Typography role="alert" color="error">
                {formError}
              </Typography>
            }
          >
            <Alert severity="error">{formError}</Alert>
          </Suspense>
        ) : null}
        <CredentialsFields form={form} />
        <Typography variant="body2" sx={{ textAlign: "end" }}>
          <Link component={RouterLink} to={forgotPasswordPath}>
            {t("screens.login.forgotPassword")}
          </Link>
        </Typography>
        <SubmitButton
          submitting={isSubmitting}
          label={t("screens.login.submit")}
          submittingLabel={t("screens.login.submitting")}
        />
        <Typography>
          {t("screens.login.noAccount")}{" "}
          <Link component={RouterLink} to={ROUTES.signup}>
            {t("screens.login.signupLink")}
          </Link>
        </Typography>
      </Stack>
      {deniedUser ? (
        <Suspense fallback={null}>
          <AccessDeniedDialog user={deniedUser} onClose={closeDenied} />
        </Suspense>
      ) : null}
    </AuthCard>
  );
}
