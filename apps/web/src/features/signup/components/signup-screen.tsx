import { zodResolver } from "@hookform/resolvers/zod";
import { signupInput } from "@kantien/domain/auth";
import { ROLE } from "@kantien/domain/roles";
import { ROUTES } from "@kantien/domain/route-access";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { AuthCard } from "../../../components/auth-card";
import { FormField } from "../../../components/form-field";
import { SubmitButton } from "../../../components/submit-button";
import { isNetworkError } from "../../../lib/api-client";
import { fieldErrorText } from "../../../lib/validation";
import { useSignup } from "../api/signup";

type SignupForm = z.input<typeof signupInput>;

const TEXT_FIELDS = [
  { name: "first_name", autoComplete: "given-name", type: "text", required: true },
  { name: "last_name", autoComplete: "family-name", type: "text", required: true },
  { name: "email", autoComplete: "email", type: "email", required: true },
  { name: "phone_number", autoComplete: "tel", type: "tel", required: false },
] as const;

export function SignupScreen() {
  const { t } = useTranslation();
  const signup = useSignup();
  const roleLabelId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignupForm, unknown, z.output<typeof signupInput>>({
    resolver: zodResolver(signupInput),
    defaultValues: {
      first_name: "",
      last_name: "",
      email: "",
      phone_number: "",
      role_id: ROLE.student,
      password: "",
      akd_number: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signup.mutateAsync(values);
    } catch (error) {
      setFormError(
        isNetworkError(error) || !(error instanceof Error) ? t("errors.unexpected") : error.message,
      );
    }
  });

  if (signup.isSuccess) {
    return (
      <AuthCard title={t("screens.signup.title")}>
        <Stack spacing={2}>
          <Alert severity="success">{signup.data.message}</Alert>
          <Button component={RouterLink} to={ROUTES.myLogin} variant="contained">
            {t("common.signInOrderingApp")}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("screens.signup.title")}>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {TEXT_FIELDS.map((field) => (
          <FormField
            key={field.name}
            registration={form.register(field.name)}
            type={field.type}
            label={t(`resources.user.fields.${field.name}`)}
            autoComplete={field.autoComplete}
            required={field.required}
            error={fieldErrorText(errors[field.name])}
          />
        ))}
        <Controller
          control={form.control}
          name="role_id"
          render={({ field }) => (
            <FormControl fullWidth required>
              <InputLabel id={roleLabelId}>{t("resources.user.fields.role_id")}</InputLabel>
              <Select
                labelId={roleLabelId}
                label={t("resources.user.fields.role_id")}
                value={field.value}
                onChange={(event) => field.onChange(Number(event.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
              >
                <MenuItem value={ROLE.student}>{t("roles.names.student")}</MenuItem>
                <MenuItem value={ROLE.academyStaff}>{t("roles.names.academyStaff")}</MenuItem>
                <MenuItem value={ROLE.guardian}>{t("roles.names.guardian")}</MenuItem>
              </Select>
            </FormControl>
          )}
        />
        <FormField
          registration={form.register("password")}
          type="password"
          label={t("resources.user.fields.password")}
          autoComplete="new-password"
          required
          error={fieldErrorText(errors.password)}
        />
        {/* A parent has no academy number: they link their child in the app afterwards. */}
        {form.watch("role_id") === ROLE.guardian ? null : (
          <FormField
            registration={form.register("akd_number")}
            label={t("resources.user.fields.akd_number")}
            error={fieldErrorText(errors.akd_number)}
          />
        )}
        <SubmitButton
          submitting={isSubmitting}
          label={t("screens.signup.submit")}
          submittingLabel={t("screens.signup.submitting")}
        />
        <Typography>
          {t("screens.signup.haveAccount")}{" "}
          <Link component={RouterLink} to={ROUTES.myLogin}>
            {t("screens.signup.signInLink")}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
