import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

/**
 * An amount of rand as the app writes it: "R" before the field, a decimal keyboard on a phone.
 * It takes "52,00" and "52.00" alike (domain money-input.ts reads both); a value it shows
 * comes from `moneyFieldValue` ("52,00", as the app writes money). Spread `register(name)` on it.
 */
export function MoneyField(props: Omit<TextFieldProps, "slotProps" | "type">) {
  return (
    <TextField
      autoComplete="off"
      {...props}
      slotProps={{
        htmlInput: { inputMode: "decimal" },
        input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
      }}
    />
  );
}
