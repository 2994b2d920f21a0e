import { zodResolver } from "@hookform/resolvers/zod";
import { type BankDetails, bankDetailsInput } from "@kantien/domain/canteen";
import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useNotice } from "../../../components/notice";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/api-client";
import { fieldErrorText, serverFieldErrors } from "../../../lib/validation";
import { useBankDetails, useSaveBankDetails } from "../api/bank-details";
import { CanteenSection } from "./canteen-section";

type FormValues = z.input<typeof bankDetailsInput>;
type FieldName = keyof FormValues;

const FIELDS: readonly FieldName[] = ["bank", "accountHolder", "accountNumber", "branchCode"];
const EMPTY: FormValues = { bank: "", accountHolder: "", accountNumber: "", branchCode: "" };

/**
 * The canteen's bank account on /canteen (admins, decision 0033): customers see it on their
 * wallet with their own payment reference. The form checks with the server's own schema.
 */
export function BankDetailsSection() {
  const details = useBankDetails();
  return (
    <CanteenSection part="bank" query={details}>
      {(data) => <BankDetailsForm initial={data} />}
    </CanteenSection>
  );
}

function BankDetailsForm({ initial }: { initial: BankDetails | null }) {
  const { t, i18n } = useTranslation();
  const save = useSaveBankDetails();
  const notify = useNotice();
  const { formState, handleSubmit, register, reset, setError } = useForm<FormValues, unknown, BankDetails>({
    resolver: zodResolver(bankDetailsInput),
    defaultValues: initial ?? EMPTY,
  });
  const text = (name: FieldName) => fieldErrorText(formState.errors[name] as FieldError | undefined);
  const helper = (name: FieldName, hint?: string) => text(name) ?? hint;

  const onSave = (details: BankDetails) => {
    save.mutate(details, {
      onSuccess: (answer) => {
        reset(answer.data);
        notify({ severity: "success", text: answer.message });
      },
      onError: (error) => {
        // What was typed stays; a refused field says why where it is.
        const message = errorMessage(error, t("errors.update"));
        notify({ severity: "error", text: () => i18n.t("screens.canteen.bank.saveFailed", { message }) });
        serverFieldErrors(error, FIELDS).forEach(({ field, message: fieldMessage }, index) => {
          setError(field, { type: "server", message: fieldMessage }, { shouldFocus: index === 0 });
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSave)}>
      <Stack spacing={3}>
        {initial === null ? (
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
    </form>
  );
}
