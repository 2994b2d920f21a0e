import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Grid from "@mui/material/Grid";
import type { FormEventHandler, ReactNode } from "react";
import { type FieldValues, FormProvider, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "../../../components/submit-button";

type PersonDialogFormProps<Input extends FieldValues, Output> = {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The dialog's title, where it belongs inside the form. */
  title?: ReactNode;
  /** A note above the fields. */
  notice?: ReactNode;
  /** Why the server refused; the input stays. */
  failure: string | null;
  submitting: boolean;
  label: string;
  submittingLabel: string;
  onCancel: () => void;
  /** The fields, as grid items (PersonFormFields and the form's own). */
  children: ReactNode;
};

/**
 * The form of a person dialog (/users and /staff): the refusal above the fields,
 * 'Kanselleer' and the submit button below; the fields find the form through its provider.
 */
export function PersonDialogForm<Input extends FieldValues, Output>(
  props: PersonDialogFormProps<Input, Output>,
) {
  const { t } = useTranslation();
  return (
    <FormProvider {...props.form}>
      <form noValidate onSubmit={props.onSubmit}>
        {props.title}
        <DialogContent>
          {props.notice}
          {props.failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {props.failure}
            </Alert>
          ) : null}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            {props.children}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onCancel}>{t("common.cancel")}</Button>
          <SubmitButton
            size="medium"
            submitting={props.submitting}
            label={props.label}
            submittingLabel={props.submittingLabel}
          />
        </DialogActions>
      </form>
    </FormProvider>
  );
}
