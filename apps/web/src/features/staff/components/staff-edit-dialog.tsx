import { zodResolver } from "@hookform/resolvers/zod";
import { formatRand } from "@kantien/domain/money";
import type { StaffDetail, StaffRow } from "@kantien/domain/people";
import { staffInput } from "@kantien/domain/people-rules";
import { STAFF_ROLES } from "@kantien/domain/roles";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { LoadError } from "../../../components/load-error";
import { StaleDialog, useStaleSave } from "../../../components/stale-dialog";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { useRoleLabel } from "../../../lib/role-label";
import { useSession } from "../../../lib/session";
import { fieldErrorText } from "../../../lib/validation";
import { PersonDialogForm } from "../../people/components/person-dialog-form";
import { PersonFormFields } from "../../people/components/person-form-fields";
import { personStaleFields } from "../../people/components/person-stale-fields";
import { useRoleChoices } from "../../people/role-choices";
import { useStaffMember } from "../api/get-staff-member";
import { useUpdateStaffMember } from "../api/update-staff-member";
import { OrderHistoryList } from "./order-history-list";

type FormInput = z.input<typeof staffInput>;
type FormOutput = z.output<typeof staffInput>;

/** The server's refusals that belong to one field (409 with its code). */
const FIELD_OF_CODE: Record<string, keyof FormInput> = {
  email_taken: "email",
  employee_number_taken: "employeeNumber",
};

type Props = { staffId: string; onClose: () => void; onSaved: (row: StaffRow) => void };

function formValues(member: StaffRow): FormInput {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    phoneNumber: member.phoneNumber ?? "",
    roleId: member.roleId,
    employeeNumber: member.employeeNumber ?? "",
  };
}

/** The /staff edit dialog (admin): the person's fields, wallet, total orders and order history. */
export function StaffEditDialog({ staffId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const member = useStaffMember(staffId);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t("screens.staff.edit.title")}</DialogTitle>
      {member.isPending ? (
        <DialogContent>
          <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
            <CircularProgress aria-label={t("screens.staff.loading")} />
          </Box>
        </DialogContent>
      ) : member.isError ? (
        <>
          <DialogContent>
            <LoadError error={member.error} onRetry={() => void member.refetch()} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t("common.close")}</Button>
          </DialogActions>
        </>
      ) : (
        <StaffEditForm member={member.data} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function StaffEditForm({
  member,
  onClose,
  onSaved,
}: {
  member: StaffDetail;
  onClose: () => void;
  onSaved: (row: StaffRow) => void;
}) {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  const roleChoices = useRoleChoices(STAFF_ROLES);
  const { user } = useSession();
  const ordersLabelId = useId();
  const update = useUpdateStaffMember();
  const roleLabel = useRoleLabel();
  const [failure, setFailure] = useState<string | null>(null);
  // The staff member as the form was loaded: its version goes with the edit (decision 0057).
  const [loaded, setLoaded] = useState<StaffRow>(member);
  const { stale, catchStale, close } = useStaleSave<StaffRow>();
  const ownAccount = user?.id === member.id;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(staffInput),
    defaultValues: formValues(member),
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const text = (name: keyof FormInput) => fieldErrorText(errors[name] as FieldError | undefined);

  const persist = (body: FormOutput, from: StaffRow) => {
    setFailure(null);
    update.mutate(
      { id: member.id, body, version: from.version },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (catchStale(error, from)) return;
          // 'Fout: ' and the server's message; a taken value also marks its field.
          const message = errorMessage(error, t("errors.update"));
          setFailure(t("screens.staff.failed", { message }));
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          if (field) setError(field, { type: "server", message }, { shouldFocus: true });
        },
      },
    );
  };

  const onValid = (body: FormOutput) => persist(body, loaded);

  return (
    <PersonDialogForm
      form={form}
      onSubmit={handleSubmit(onValid)}
      failure={failure}
      submitting={update.isPending}
      label={t("screens.customers.dialog.save")}
      submittingLabel={t("screens.customers.dialog.saving")}
      onCancel={onClose}
    >
      <PersonFormFields
        withPhone
        roles={roleChoices}
        roleLocked={ownAccount ? { hint: t("screens.staff.edit.ownRole") } : undefined}
      />
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          label={t("screens.staff.edit.employeeNumber")}
          placeholder={`${canteenName.toUpperCase()}001`}
          autoComplete="off"
          slotProps={{ inputLabel: { shrink: true } }}
          {...register("employeeNumber")}
          error={Boolean(errors.employeeNumber)}
          helperText={text("employeeNumber")}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          label={t("screens.staff.edit.balance")}
          value={formatRand(member.balance)}
          slotProps={{ input: { readOnly: true } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          label={t("screens.staff.edit.totalOrders")}
          value={String(member.totalOrders)}
          slotProps={{ input: { readOnly: true } }}
        />
      </Grid>
      <Grid size={12}>
        <Typography id={ordersLabelId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t("screens.staff.orders.title")}
        </Typography>
        <OrderHistoryList orders={member.orders} labelId={ordersLabelId} />
      </Grid>
      <StaleDialog
        stale={stale}
        fields={personStaleFields<StaffRow>(t, roleLabel, {
          label: t("screens.staff.edit.employeeNumber"),
          value: (row) => row.employeeNumber,
        })}
        onReload={(current) => {
          close();
          setLoaded(current);
          form.reset(formValues(current));
        }}
        onReapply={(current) => {
          close();
          setLoaded(current);
          void handleSubmit((body) => persist(body, current))();
        }}
      />
    </PersonDialogForm>
  );
}
