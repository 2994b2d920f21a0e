import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

type FormFieldProps = {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  required?: boolean;
};

/**
 * A labelled text input bound to react-hook-form. Built from MUI's parts rather than
 * TextField, which also pulls in Select and its menus (the /login first-load budget, checked by `npm run bench`).
 */
export function FormField({
  label,
  registration,
  error,
  type = "text",
  autoComplete,
  required,
}: FormFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const { ref, name, onChange, onBlur } = registration;
  return (
    <FormControl variant="outlined" fullWidth required={required} error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        inputRef={ref}
        name={name}
        onChange={onChange}
        onBlur={onBlur}
        aria-describedby={error ? helperId : undefined}
      />
      {error ? <FormHelperText id={helperId}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
