import type { ForgotPasswordInput } from "@kantien/domain/auth";
import { ROUTES } from "@kantien/domain/route-access";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { AuthCard } from "../../../components/auth-card";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { isNetworkError } from "../../../lib/api-client";
import { fieldErrorText } from "../../../lib/validation";
import { useForgotPassword } from "../api/forgot-password";
import { lazyForgotPasswordResolver, preloadForgotPasswordResolver } from "../lazy-forgot-password-resolver";

/**
 * Asks for a reset link. `?from=my` (the ordering app's sign-in) sends "back to
 * sign in" to the ordering app; `?email=` fills the address typed on the sign-in screen.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signInPath = params.get("from") === "my" ? ROUTES.myLogin : ROUTES.login;
  const forgotPassword = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: lazyForgotPasswordResolver,
    defaultValues: { email: params.get("email") ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await forgotPassword.mutateAsync(values);
    } catch (error) {
      // The server's message (429 …); an exception gets the generic text.
      setFormError(
        isNetworkError(error) || !(error instanceof Error) ? t("errors.unexpected") : error.message,
      );
    }
  });

  if (forgotPassword.isSuccess) {
    return (
      <AuthCard title={t("screens.forgotPassword.title")}>
        <Stack spacing={2}>
          <Alert severity="success">{forgotPassword.data.message}</Alert>
          <Typography color="text.secondary">{t("screens.forgotPassword.noMail")}</Typography>
          <Button component={RouterLink} to={signInPath} variant="contained" size="large">
            {t("common.backToSignIn")}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("screens.forgotPassword.title")} subtitle={t("screens.forgotPassword.subtitle")}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={onSubmit}
        onFocus={preloadForgotPasswordResolver}
      >
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <FormField
          registration={form.register("email")}
          type="email"
          label={t("resources.user.fields.email")}
          autoComplete="email"
          required
          error={fieldErrorText(errors.email)}
        />
        <SubmitButton
          submitting={isSubmitting}
          label={t("screens.forgotPassword.submit")}
          submittingLabel={t("screens.forgotPassword.submitting")}
        />
        <Typography>
          <Link component={RouterLink} to={signInPath}>
            {t("common.backToSignIn")}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
