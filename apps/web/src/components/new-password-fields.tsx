import { type FieldValues, type Path, type UseFormReturn, useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fieldErrorText } from "../lib/validation";
import { FormField } from "./form-field";

type NewPasswordFieldsProps<Input extends FieldValues, Output> = {
  form: UseFormReturn<Input, unknown, Output>;
  /** The field the password is chosen in. */
  passwordName: Path<Input>;
  /** The field it is typed again in; the schema puts a mismatch there. */
  confirmName: Path<Input>;
  /** The account's first password (account setup): labelled "Password", not "New password". */
  firstPassword?: boolean;
};

/**
 * A password chosen and typed again (account setup, password reset, my password), as two
 * inputs of the caller's form; each shows its own error.
 */
export function NewPasswordFields<Input extends FieldValues, Output>({
  form,
  passwordName,
  confirmName,
  firstPassword,
}: NewPasswordFieldsProps<Input, Output>) {
  const { t } = useTranslation();
  const formState = useFormState({ control: form.control, name: [passwordName, confirmName] });
  const errorText = (name: Path<Input>) => fieldErrorText(form.getFieldState(name, formState).error);
  return (
    <>
      <FormField
        registration={form.register(passwordName)}
        type="password"
        label={t(firstPassword ? "resources.user.fields.password" : "resources.user.fields.newPassword")}
        autoComplete="new-password"
        required
        error={errorText(passwordName)}
      />
      <FormField
        registration={form.register(confirmName)}
        type="password"
        label={t(
          firstPassword
            ? "resources.user.fields.confirmPassword"
            : "resources.user.fields.confirmNewPassword",
        )}
        autoComplete="new-password"
        required
        error={errorText(confirmName)}
      />
    </>
  );
}
