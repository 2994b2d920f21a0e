import { zodResolver } from "@hookform/resolvers/zod";
import { type MyPasswordForm, myPasswordForm } from "@kantien/domain/my";
import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "../../../components/form-field";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { useNotice } from "../../../components/notice";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/api-client";
import { fieldErrorText } from "../../../lib/validation";
import { useChangeMyPassword } from "../api/my-profile";

const EMPTY: MyPasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** A new password: the current one proves it is me; my other devices are signed out. */
export function PasswordForm() {
  const { t } = useTranslation();
  const notify = useNotice();
  const change = useChangeMyPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<MyPasswordForm>({ resolver: zodResolver(myPasswordForm), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      const answer = await change.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      notify({ severity: "success", text: answer.message });
    } catch (error) {
      form.resetField("currentPassword");
      setFormError(errorMessage(error, t("errors.update")));
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("my.profile.passwordTitle")}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <FormField
          registration={form.register("currentPassword")}
          type="password"
          label={t("my.profile.currentPassword")}
          autoComplete="current-password"
          required
          error={fieldErrorText(errors.currentPassword)}
        />
        <NewPasswordFields form={form} passwordName="newPassword" confirmName="confirmPassword" />
        <SubmitButton
          submitting={isSubmitting}
          label={t("my.profile.changePassword")}
          submittingLabel={t("my.profile.saving")}
        />
      </Stack>
    </Paper>
  );
}
