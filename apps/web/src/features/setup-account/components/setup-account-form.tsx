import { zodResolver } from "@hookform/resolvers/zod";
import { newPasswordForm } from "@kantien/domain/auth";
import { usesOrderingApp } from "@kantien/domain/roles";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { SubmitButton } from "../../../components/submit-button";
import { isNetworkError } from "../../../lib/api-client";
import { useRoleLabel } from "../../../lib/role-label";
import { useSetupAccount } from "../api/setup-account";
import type { Invitee } from "../api/verify-invitation";

/** The redirect to /login after account setup: 2 seconds. */
const REDIRECT_AFTER_SETUP_MS = 2000;

type SetupForm = z.input<typeof newPasswordForm>;

export function SetupAccountForm({ token, invitee }: { token: string; invitee: Invitee }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const navigate = useNavigate();
  const setup = useSetupAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SetupForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;
  const done = setup.isSuccess;

  useEffect(() => {
    if (!done) return;
    // A guardian the school invited signs in to the ordering app; staff to the back office.
    const signIn = usesOrderingApp(invitee.role_id) ? "/my/login" : "/login";
    const timer = window.setTimeout(() => navigate(signIn, { replace: true }), REDIRECT_AFTER_SETUP_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate, invitee.role_id]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await setup.mutateAsync({ token, password });
    } catch (error) {
      setFormError(
        isNetworkError(error) || !(error instanceof Error) ? t("errors.unexpected") : error.message,
      );
    }
  });

  if (setup.isSuccess) {
    return (
      <Alert severity="success">
        <AlertTitle>{setup.data.message}</AlertTitle>
        {t("screens.setupAccount.redirecting")}
      </Alert>
    );
  }

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <Stack spacing={0.5}>
        <Typography>
          <strong>{t("accessDenied.name")}:</strong> {`${invitee.first_name} ${invitee.last_name}`}
        </Typography>
        <Typography>
          <strong>{t("accessDenied.email")}:</strong> {invitee.email}
        </Typography>
        <Typography>
          <strong>{t("accessDenied.role")}:</strong> {roleLabel(invitee.role_id)}
        </Typography>
      </Stack>
      {formError ? (
        <Alert severity="error">
          <AlertTitle>{t("screens.setupAccount.failed")}</AlertTitle>
          {formError}
        </Alert>
      ) : null}
      <input type="email" value={invitee.email} autoComplete="username" readOnly hidden />
      <NewPasswordFields form={form} passwordName="password" confirmName="confirmPassword" firstPassword />
      <SubmitButton
        submitting={isSubmitting}
        label={t("screens.setupAccount.submit")}
        submittingLabel={t("screens.setupAccount.submitting")}
      />
    </Stack>
  );
}
