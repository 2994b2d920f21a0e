import type { LoginInput } from "@kantien/domain/auth";
import { type UseFormReturn, useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fieldErrorText } from "../lib/validation";
import { FormField } from "./form-field";

/** The e-mail and password a sign-in form asks (back office /login and ordering /my/login). */
export function CredentialsFields({ form }: { form: UseFormReturn<LoginInput> }) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control: form.control, name: ["email", "password"] });
  return (
    <>
      <FormField
        registration={form.register("email")}
        type="email"
        label={t("resources.user.fields.email")}
        autoComplete="email"
        required
        error={fieldErrorText(errors.email)}
      />
      <FormField
        registration={form.register("password")}
        type="password"
        label={t("resources.user.fields.password")}
        autoComplete="current-password"
        required
        error={fieldErrorText(errors.password)}
      />
    </>
  );
}
