import type { LoginInput } from "@kantien/domain/auth";
import { ROUTES } from "@kantien/domain/route-access";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { CredentialsFields } from "../../../components/credentials-fields";
import { SubmitButton } from "../../../components/submit-button";
import { ApiError, isNetworkError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { lazyLoginResolver, preloadLoginResolver } from "../../../lib/lazy-login-resolver";
import { startInstallableApp } from "../../../lib/pwa";
import { useMyLogin } from "../api/my-login";

type Refusal = { text: string; backOffice: boolean };

/**
 * `/my/login`: students and academy staff sign in to order; staff are pointed to /login.
 * `preloadPage` loads the code of a page by its path, so the menu after signing in opens whole.
 */
export function MyLoginScreen({ preloadPage }: { preloadPage: (pathname: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  const navigate = useNavigate();
  const login = useMyLogin(() => preloadPage(ROUTES.myMenu));
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const form = useForm<LoginInput>({
    resolver: lazyLoginResolver,
    defaultValues: { email: "", password: "" },
  });
  const { isSubmitting } = form.formState;
  useEffect(startInstallableApp, []);

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await login.mutateAsync(values);
      navigate(ROUTES.myMenu, { replace: true });
    } catch (error) {
      const backOffice = error instanceof ApiError && error.code === "use_back_office";
      const text =
        isNetworkError(error) || !(error instanceof Error) ? t("errors.unexpected") : error.message;
      setRefusal({ text, backOffice });
      form.resetField("password");
    }
  });

  const email = form.watch("email");
  const forgotPath = `${ROUTES.forgotPassword}?${new URLSearchParams({ from: "my", ...(email ? { email } : {}) })}`;

  return (
    <AuthCard title={t("my.login.title")} subtitle={t("my.login.subtitle", { canteen: canteenName })}>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} onFocus={preloadLoginResolver}>
        {refusal ? (
          <Alert severity="error">
            {refusal.text}
            {refusal.backOffice ? (
              <>
                {" "}
                <Link component={RouterLink} to={ROUTES.login} color="inherit" sx={{ fontWeight: 600 }}>
                  {t("my.login.backOfficeLink")}
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        <CredentialsFields form={form} />
        <SubmitButton
          submitting={isSubmitting}
          label={t("screens.login.submit")}
          submittingLabel={t("screens.login.submitting")}
        />
        <Link component={RouterLink} to={forgotPath} sx={{ alignSelf: "flex-start", py: 1 }}>
          {t("my.login.forgotPassword")}
        </Link>
        <Typography>
          {t("screens.login.noAccount")}{" "}
          <Link component={RouterLink} to={ROUTES.signup} sx={{ display: "inline-block", py: 1 }}>
            {t("screens.login.signupLink")}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
