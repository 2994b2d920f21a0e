import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Controller, type FieldError, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { focusOnMount } from "../../../lib/focus";
import { fieldErrorText } from "../../../lib/validation";

/** The fields every person form has (people-rules.ts, auth.ts inviteUserInput). */
type PersonFieldValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string | null;
  roleId: number;
};

type PersonFormFieldsProps = {
  /** Left out where the form asks no phone number (the invitation). */
  withPhone?: boolean;
  /** The e-mail takes the whole row; otherwise half, beside the phone. */
  wideEmail?: boolean;
  roles: readonly { value: number; label: string }[];
  /** The role takes the whole row; otherwise half. */
  wideRole?: boolean;
  /** The role may not change; the hint says why. */
  roleLocked?: { hint: string };
};

/**
 * First name, last name, e-mail, phone and role as grid items of a person dialog's form
 * (/users and /staff); the form is the nearest react-hook-form `FormProvider`.
 */
export function PersonFormFields({
  withPhone,
  wideEmail,
  roles,
  wideRole,
  roleLocked,
}: PersonFormFieldsProps) {
  const { t } = useTranslation();
  const { register, control, formState } = useFormContext<PersonFieldValues>();
  const errors = formState.errors;
  const text = (name: keyof PersonFieldValues) => fieldErrorText(errors[name] as FieldError | undefined);
  const half = { xs: 12, sm: 6 } as const;

  return (
    <>
      <Grid size={half}>
        <TextField
          fullWidth
          required
          // Every person dialog starts here: typing goes into the form at once.
          inputRef={focusOnMount}
          label={t("resources.user.fields.first_name")}
          autoComplete="off"
          {...register("firstName")}
          error={Boolean(errors.firstName)}
          helperText={text("firstName")}
        />
      </Grid>
      <Grid size={half}>
        <TextField
          fullWidth
          required
          label={t("resources.user.fields.last_name")}
          autoComplete="off"
          {...register("lastName")}
          error={Boolean(errors.lastName)}
          helperText={text("lastName")}
        />
      </Grid>
      <Grid size={wideEmail ? 12 : half}>
        <TextField
          fullWidth
          required
          type="email"
          label={t("resources.user.fields.email")}
          autoComplete="off"
          {...register("email")}
          error={Boolean(errors.email)}
          helperText={text("email")}
        />
      </Grid>
      {withPhone ? (
        <Grid size={half}>
          <TextField
            fullWidth
            type="tel"
            label={t("resources.user.fields.phone_number")}
            autoComplete="off"
            {...register("phoneNumber")}
            error={Boolean(errors.phoneNumber)}
            helperText={text("phoneNumber")}
          />
        </Grid>
      ) : null}
      <Grid size={wideRole ? 12 : half}>
        <Controller
          control={control}
          name="roleId"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              required
              disabled={Boolean(roleLocked)}
              label={t("resources.user.fields.role_id")}
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.roleId)}
              helperText={text("roleId") ?? roleLocked?.hint}
              // A disabled field's pale helper would fail 4.5:1; this one explains why.
              slotProps={
                roleLocked
                  ? { formHelperText: { sx: { "&.Mui-disabled": { color: "text.secondary" } } } }
                  : undefined
              }
            >
              {roles.map((role) => (
                <MenuItem key={role.value} value={role.value}>
                  {role.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
    </>
  );
}
