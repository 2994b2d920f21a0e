import { zodResolver } from "@hookform/resolvers/zod";
import { formatRand } from "@kantien/domain/money";
import type { CustomerRow } from "@kantien/domain/people";
import { customerInput } from "@kantien/domain/people-rules";
import { CUSTOMER_ROLES } from "@kantien/domain/roles";
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { StaleDialog, useStaleSave } from "../../../components/stale-dialog";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useRoleLabel } from "../../../lib/role-label";
import { fieldErrorText } from "../../../lib/validation";
import { PersonDialogForm } from "../../people/components/person-dialog-form";
import { PersonFormFields } from "../../people/components/person-form-fields";
import { personStaleFields } from "../../people/components/person-stale-fields";
import { useRoleChoices } from "../../people/role-choices";
import { useSaveCustomer } from "../api/save-customer";

type FormInput = z.input<typeof customerInput>;
type FormOutput = z.output<typeof customerInput>;

/** The server's refusals that belong to one field (409 with its code). */
const FIELD_OF_CODE: Record<string, keyof FormInput> = {
  email_taken: "email",
  akd_number_taken: "akdNumber",
};

function defaults(customer: CustomerRow | null): FormInput {
  return {
    firstName: customer?.firstName ?? "",
    lastName: customer?.lastName ?? "",
    email: customer?.email ?? "",
    phoneNumber: customer?.phoneNumber ?? "",
    roleId: customer?.roleId ?? 1,
    akdNumber: customer?.akdNumber ?? "",
  };
}

type Props = {
  /** null adds a new customer. */
  customer: CustomerRow | null;
  onClose: () => void;
  onSaved: (row: CustomerRow, created: boolean) => void;
};

/** Add or edit a customer (/users); the same rules as the server (people-rules.ts). */
export function CustomerDialog({ customer, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const roleChoices = useRoleChoices(CUSTOMER_ROLES);
  const titleId = useId();
  const save = useSaveCustomer();
  const roleLabel = useRoleLabel();
  const [formError, setFormError] = useState<string | null>(null);
  // The customer as the form was loaded: its version goes with the edit (decision 0057).
  const [loaded, setLoaded] = useState(customer);
  const { stale, catchStale, close } = useStaleSave<CustomerRow>();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(customerInput),
    defaultValues: defaults(customer),
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;

  const persist = (body: FormOutput, from: CustomerRow | null) => {
    setFormError(null);
    save.mutate(
      { id: from?.id ?? null, body, ...(from ? { version: from.version } : {}) },
      {
        onSuccess: (row) => onSaved(row, customer === null),
        onError: (error) => {
          if (from && catchStale(error, from)) return;
          // The input stays; the refusal shows where it belongs.
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          if (field) setError(field, { type: "server", message: error.message }, { shouldFocus: true });
          else setFormError(errorMessage(error, t(customer ? "errors.update" : "errors.add")));
        },
      },
    );
  };

  const onValid = (body: FormOutput) => persist(body, loaded);

  const text = (name: keyof FormInput) => fieldErrorText(errors[name] as FieldError | undefined);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <PersonDialogForm
        form={form}
        onSubmit={handleSubmit(onValid)}
        title={
          <DialogTitle id={titleId}>
            {customer ? t("screens.customers.dialog.editTitle") : t("screens.customers.dialog.addTitle")}
          </DialogTitle>
        }
        failure={formError}
        submitting={save.isPending}
        label={t("screens.customers.dialog.save")}
        submittingLabel={t("screens.customers.dialog.saving")}
        onCancel={onClose}
      >
        <PersonFormFields withPhone wideEmail roles={roleChoices} />
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            fullWidth
            label={t("resources.user.fields.akd_number")}
            autoComplete="off"
            {...register("akdNumber")}
            error={Boolean(errors.akdNumber)}
            helperText={text("akdNumber")}
          />
        </Grid>
        {customer ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              label={t("screens.customers.dialog.balance")}
              value={formatRand(customer.balance)}
              helperText={t("screens.customers.dialog.balanceHint")}
              slotProps={{ input: { readOnly: true } }}
            />
          </Grid>
        ) : null}
      </PersonDialogForm>
      <StaleDialog
        stale={stale}
        fields={personStaleFields<CustomerRow>(t, roleLabel, {
          label: t("resources.user.fields.akd_number"),
          value: (row) => row.akdNumber,
        })}
        onReload={(current) => {
          close();
          setLoaded(current);
          form.reset(defaults(current));
        }}
        onReapply={(current) => {
          close();
          setLoaded(current);
          void handleSubmit((body) => persist(body, current))();
        }}
      />
    </Dialog>
  );
}
