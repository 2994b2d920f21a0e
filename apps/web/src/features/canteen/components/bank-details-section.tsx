import { zodResolver } from "@hookform/resolvers/zod";
import { type BankDetails, type BankDetailsRecord, bankDetailsInput } from "@kantien/domain/canteen";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useNotice } from "../../../components/notice";
import { StaleDialog, type StaleField, useStaleSave } from "../../../components/stale-dialog";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { fieldErrorText, serverFieldErrors } from "../../../lib/validation";
import { useBankDetails, useSaveBankDetails } from "../api/bank-details";
import { CanteenSection } from "./canteen-section";

type FormValues = z.input<typeof bankDetailsInput>;
type FieldName = keyof FormValues;

const FIELDS: readonly FieldName[] = ["bank", "accountHolder", "accountNumber", "branchCode"];
const EMPTY: FormValues = { bank: "", accountHolder: "", accountNumber: "", branchCode: "" };

/** What the stale dialog compares (decision 0057): each field of the account. */
function bankStaleFields(t: TFunction): StaleField<BankDetailsRecord>[] {
  return FIELDS.map((name) => ({
    label: t(`screens.canteen.bank.${name}`),
    value: (record) => record.details?.[name] ?? null,
    show: (record) => record.details?.[name] ?? null,
  }));
}

/**
 * The canteen's bank account on /canteen (admins, decision 0033): customers see it on their
 * wallet with their own payment reference. The form checks with the server's own schema.
 */
export function BankDetailsSection() {
  const details = useBankDetails();
  return (
    <CanteenSection part="bank" query={details}>
      {(record) => <BankDetailsForm record={record} />}
    </CanteenSection>
  );
}

function BankDetailsForm({ record }: { record: BankDetailsRecord }) {
  const { t, i18n } = useTranslation();
  const save = useSaveBankDetails();
  const notify = useNotice();
  const queryClient = useQueryClient();
  // The details the form shows and saves from: their version goes with the save (decision 0057).
  const [loaded, setLoaded] = useState(record);
  const { stale, catchStale, close } = useStaleSave<BankDetailsRecord>();
  const { formState, handleSubmit, register, reset, setError } = useForm<FormValues, unknown, BankDetails>({
    resolver: zodResolver(bankDetailsInput),
    defaultValues: record.details ?? EMPTY,
  });
  const { isDirty } = formState;

  // Newer details (the rules saved, a refetch) replace an untouched form; never an edit.
  useEffect(() => {
    if (record.version === loaded.version || isDirty) return;
    setLoaded(record);
    reset(record.details ?? EMPTY);
  }, [record, loaded.version, isDirty, reset]);
  const text = (name: FieldName) => fieldErrorText(formState.errors[name] as FieldError | undefined);
  const helper = (name: FieldName, hint?: string) => text(name) ?? hint;

  const persist = (details: BankDetails, from: BankDetailsRecord) => {
    save.mutate(
      { details, version: from.version },
      {
        onSuccess: (answer) => {
          setLoaded(answer.data);
          reset(answer.data.details);
          notify({ severity: "success", text: answer.message });
        },
        onError: (error) => {
          if (catchStale(error, from)) return;
          // What was typed stays; a refused field says why where it is.
          const message = errorMessage(error, t("errors.update"));
          notify({ severity: "error", text: () => i18n.t("screens.canteen.bank.saveFailed", { message }) });
          serverFieldErrors(error, FIELDS).forEach(({ field, message: fieldMessage }, index) => {
            setError(field, { type: "server", message: fieldMessage }, { shouldFocus: index === 0 });
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit((details) => persist(details, loaded))}>
      <Stack spacing={3}>
        {loaded.details === null ? (
          <Alert severity="info" role="note">
            {t("screens.canteen.bank.notSet")}
          </Alert>
        ) : null}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 3, sm: 2 }}>
          <TextField
            label={t("screens.canteen.bank.bank")}
            fullWidth
            required
            autoComplete="off"
            error={Boolean(text("bank"))}
            helperText={helper("bank", t("screens.canteen.bank.bankHint"))}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            {...register("bank")}
          />
          <TextField
            label={t("screens.canteen.bank.accountHolder")}
            fullWidth
            required
            autoComplete="off"
            error={Boolean(text("accountHolder"))}
            helperText={helper("accountHolder")}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            {...register("accountHolder")}
          />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 3, sm: 2 }}>
          <TextField
            label={t("screens.canteen.bank.accountNumber")}
            fullWidth
            required
            autoComplete="off"
            error={Boolean(text("accountNumber"))}
            helperText={helper("accountNumber", t("screens.canteen.bank.accountNumberHint"))}
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 24, spellCheck: false } }}
            {...register("accountNumber")}
          />
          <TextField
            label={t("screens.canteen.bank.branchCode")}
            fullWidth
            required
            autoComplete="off"
            error={Boolean(text("branchCode"))}
            helperText={helper("branchCode", t("screens.canteen.bank.branchCodeHint"))}
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 8, spellCheck: false } }}
            {...register("branchCode")}
          />
        </Stack>
        <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
          <SubmitButton
            submitting={save.isPending}
            label={t("screens.canteen.bank.save")}
            submittingLabel={t("screens.canteen.bank.saving")}
            size="medium"
          />
        </Stack>
      </Stack>
      <StaleDialog
        stale={stale}
        fields={bankStaleFields(t)}
        onReload={(current) => {
          close();
          queryClient.setQueryData(queryKeys.bankDetails, current);
          setLoaded(current);
          reset(current.details ?? EMPTY);
        }}
        onReapply={(current) => {
          close();
          setLoaded(current);
          void handleSubmit((details) => persist(details, current))();
        }}
      />
    </form>
  );
}
