import { zodResolver } from "@hookform/resolvers/zod";
import { formatRand } from "@kantien/domain/money";
import {
  COUNTER_TOP_UP_METHODS,
  channelOfKind,
  MONEY_CHANNELS,
  type TopUpMethod,
  topUpMethodsFor,
} from "@kantien/domain/money-channels";
import type { LedgerEntry } from "@kantien/domain/people";
import { TOP_UP_CONFIRM_ABOVE_RAND, topUpInput } from "@kantien/domain/people-rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError, errorMessage, isNetworkError } from "../lib/api-client";
import { useCanteenTimeZone } from "../lib/app-config";
import { formatDateTime } from "../lib/format";
import { currentLanguage } from "../lib/i18n";
import { SubmissionKeys } from "../lib/idempotency";
import { useSession } from "../lib/session";
import { useTopUp } from "../lib/top-up";
import { fieldErrorText } from "../lib/validation";
import { ConfirmDialog } from "./confirm-dialog";
import { MoneyField } from "./money-field";
import { TillSlip } from "./till-slip";

type FormInput = z.input<typeof topUpInput>;
type FormOutput = z.output<typeof topUpInput>;
/** `guardians`: a learner's, one of whom may be who pays (decision 0068). */
type Customer = { id: string; name: string; balance: string; guardians?: { id: string; name: string }[] };
type Receipt = { entry: LedgerEntry; customer: string; by: string };

const EMPTY: FormInput = { amount: "", method: "cash", reason: "", paidBy: null };

/**
 * Adds money to a customer's wallet, and says by which channel: the counter's channels at the
 * counter, elsewhere those the user's role may book (money-channels.ts: cooks take cash and card,
 * admins also EFT and corrections; the server decides). Above R1 000 it asks first,
 * with the balance after. Each submission carries its own Idempotency-Key, reused only when the
 * same top-up is sent again after an unknown outcome, so the server books it exactly once. A
 * booked top-up shows its receipt number and prints an 80 mm slip.
 */
export function TopUpForm({ customer, atCounter = false }: { customer: Customer; atCounter?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const methodId = useId();
  const { user } = useSession();
  const topUp = useTopUp(customer.id);
  const keys = useRef(new SubmissionKeys());
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<FormOutput | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(topUpInput),
    defaultValues: EMPTY,
  });
  const { control, register, handleSubmit, reset, formState, watch } = form;
  const errors = formState.errors;
  const methods = atCounter ? COUNTER_TOP_UP_METHODS : topUpMethodsFor(user?.role_id ?? 0);
  const method = watch("method") as TopUpMethod;
  const needsReason = MONEY_CHANNELS[method].needsReason;

  const send = (body: FormOutput) => {
    setConfirming(null);
    setReceipt(null);
    setFailure(null);
    topUp.mutate(
      { body, idempotencyKey: keys.current.keyFor(body) },
      {
        onSuccess: (answer) => {
          keys.current.settled();
          reset(EMPTY);
          setReceipt({
            entry: answer.entry,
            customer: customer.name,
            by: user ? `${user.first_name} ${user.last_name}` : "",
          });
        },
        onError: (error) => {
          // A clear refusal makes the next submission a new one; no answer keeps the key.
          const unknownOutcome = isNetworkError(error) || (error instanceof ApiError && error.status >= 500);
          if (!unknownOutcome) keys.current.settled();
          setFailure(errorMessage(error, t("errors.add")));
        },
      },
    );
  };
  const onValid = (body: FormOutput) =>
    Number(body.amount) > TOP_UP_CONFIRM_ABOVE_RAND ? setConfirming(body) : send(body);

  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      onSubmit={handleSubmit(onValid)}
      aria-labelledby={headingId}
      sx={{ mt: 2 }}
    >
      <Typography id={headingId} variant="subtitle2" component="h4">
        {t("screens.customers.topUp.title")}
      </Typography>
      <MoneyField
        size="small"
        required
        label={t("screens.customers.topUp.amount")}
        {...register("amount")}
        error={Boolean(errors.amount)}
        helperText={fieldErrorText(errors.amount)}
      />
      <Box>
        <FormLabel id={methodId} sx={{ typography: "body2" }}>
          {t("screens.customers.topUp.method")}
        </FormLabel>
        <Controller
          control={control}
          name="method"
          render={({ field }) => (
            <RadioGroup row aria-labelledby={methodId} {...field}>
              {methods.map((m) => (
                <FormControlLabel
                  key={m}
                  value={m}
                  control={<Radio size="small" />}
                  label={t(`screens.customers.topUp.methods.${m}`)}
                />
              ))}
            </RadioGroup>
          )}
        />
        {errors.method ? (
          <Typography variant="caption" color="error">
            {fieldErrorText(errors.method)}
          </Typography>
        ) : null}
      </Box>
      {customer.guardians?.length ? (
        <Controller
          control={control}
          name="paidBy"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t("screens.customers.topUp.paidBy")}
              value={field.value ?? ""}
              onChange={(event) => field.onChange(event.target.value || null)}
              onBlur={field.onBlur}
              helperText={t("screens.customers.topUp.paidByHint")}
            >
              <MenuItem value="">{t("screens.customers.topUp.paidByNone")}</MenuItem>
              {customer.guardians?.map((guardian) => (
                <MenuItem key={guardian.id} value={guardian.id}>
                  {guardian.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : null}
      <TextField
        size="small"
        required={needsReason}
        label={
          needsReason ? t("screens.customers.topUp.reasonRequired") : t("screens.customers.topUp.reason")
        }
        autoComplete="off"
        {...register("reason")}
        error={Boolean(errors.reason)}
        helperText={
          fieldErrorText(errors.reason) ??
          // Only admins make corrections: a cook is not told of one.
          t(
            methods.some((offered) => MONEY_CHANNELS[offered].needsReason)
              ? "screens.customers.topUp.reasonHint"
              : "screens.customers.topUp.reasonHintCashOrCard",
          )
        }
      />
      <Button
        type="submit"
        variant="contained"
        disabled={topUp.isPending}
        startIcon={topUp.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
      >
        {topUp.isPending ? t("screens.customers.topUp.submitting") : t("screens.customers.topUp.submit")}
      </Button>
      {receipt ? <ReceiptNotice receipt={receipt} /> : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t("screens.customers.topUp.confirmTitle", { amount: formatRand(confirming?.amount ?? "0") })}
        message={t("screens.customers.topUp.confirmText", {
          amount: formatRand(confirming?.amount ?? "0"),
          method: t(`screens.customers.topUp.methods.${confirming?.method ?? "cash"}`),
          name: customer.name,
          balance: formatRand(Number(customer.balance) + Number(confirming?.amount ?? 0)),
        })}
        confirmLabel={t("screens.customers.topUp.confirm")}
        cancelLabel={t("screens.customers.topUp.cancel")}
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}

/** What was booked, its receipt number, and the slip the till printer prints (80 mm). */
function ReceiptNotice({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const { entry } = receipt;
  const method = t(`screens.customers.topUp.methods.${channelOfKind(entry.kind) as TopUpMethod}`);
  const rows: [string, string][] = [
    [t("screens.customers.topUp.slipCustomer"), receipt.customer],
    [t("screens.customers.topUp.slipMethod"), method],
    [t("screens.customers.topUp.slipAmount"), formatRand(entry.amount)],
    [t("screens.customers.topUp.slipBalance"), formatRand(entry.balanceAfter)],
    [t("screens.customers.topUp.slipBy"), receipt.by],
  ];
  return (
    <>
      <Alert
        severity="success"
        role="status"
        action={
          <Button color="inherit" size="small" onClick={() => window.print()}>
            {t("screens.customers.topUp.print")}
          </Button>
        }
      >
        {t("screens.customers.topUp.done", {
          amount: formatRand(entry.amount),
          balance: formatRand(entry.balanceAfter),
        })}{" "}
        {t("screens.customers.topUp.receipt", { number: entry.id })}
      </Alert>
      {/* Printing shows only the slip, 80 mm wide, as a till printer takes it. */}
      <TillSlip
        title={t("screens.customers.topUp.slipTitle")}
        heading={[
          t("screens.customers.topUp.receipt", { number: entry.id }),
          formatDateTime(entry.at, timeZone, currentLanguage()),
        ]}
        rows={rows}
        thanks={t("screens.customers.topUp.slipThanks")}
      />
    </>
  );
}
