import type { NewPasswordForm } from "@kantien/domain/auth";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { SignInLinks } from "../../../components/sign-in-links";
import { SubmitButton } from "../../../components/submit-button";
import { ApiError, isNetworkError } from "../../../lib/api-client";
import { serverFieldErrors } from "../../../lib/validation";
import { useResetPassword } from "../api/reset-password";
import { lazyResetPasswordResolver, preloadResetPasswordResolver } from "../lazy-reset-password-resolver";
import { RequestNewLink } from "./request-new-link";

/** The refusals that mean the link itself is spent: only a new link helps. */
const LINK_REFUSALS: readonly string[] = ["token_invalid", "token_missing_reset"];

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const resetPassword = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useForm<NewPasswordForm>({
    resolver: lazyResetPasswordResolver,
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await resetPassword.mutateAsync({ token, password });
    } catch (error) {
      if (error instanceof ApiError && LINK_REFUSALS.includes(error.code)) {
        setLinkError(error.message);
        return;
      }
      // A password the server refuses says why on its field.
      const [refusal] = serverFieldErrors(error, ["password"] as const);
      if (refusal) {
        form.setError(refusal.field, { type: "server", message: refusal.message }, { shouldFocus: true });
        return;
      }
      setFormError(
        isNetworkError(error) || !(error instanceof Error) ? t("errors.unexpected") : error.message,
      );
    }
  });

  if (resetPassword.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{resetPassword.data.message}</Alert>
        <SignInLinks />
      </Stack>
    );
  }

  if (linkError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">
          <AlertTitle>{t("screens.resetPassword.linkFailed")}</AlertTitle>
          {linkError}
        </Alert>
        <RequestNewLink />
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} onFocus={preloadResetPasswordResolver}>
      {formError ? (
        <Alert severity="error">
          <AlertTitle>{t("screens.resetPassword.failed")}</AlertTitle>
          {formError}
        </Alert>
      ) : null}
      <NewPasswordFields form={form} passwordName="password" confirmName="confirmPassword" />
      <SubmitButton
        submitting={isSubmitting}
        label={t("screens.resetPassword.submit")}
        submittingLabel={t("screens.resetPassword.submitting")}
      />
    </Stack>
  );
}
