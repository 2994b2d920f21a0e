import { zodResolver } from "@hookform/resolvers/zod";
import { formatRand } from "@kantien/domain/money";
import { topUpInput } from "@kantien/domain/people-rules";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError, errorMessage, isNetworkError } from "../../../lib/api-client";
import { SubmissionKeys } from "../../../lib/idempotency";
import { fieldErrorText } from "../../../lib/validation";
import { useTopUp } from "../api/top-up";

type FormInput = z.input<typeof topUpInput>;
type FormOutput = z.output<typeof topUpInput>;

/**
 * Admin only: adds money to a customer's wallet with a reason. Each submission carries its
 * own Idempotency-Key, reused only when the same top-up is sent again after an unknown
 * outcome, so the server books it exactly once.
 */
export function TopUpForm({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const topUp = useTopUp(customerId);
  const keys = useRef(new SubmissionKeys());
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(topUpInput),
    defaultValues: { amount: "", reason: "" },
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors;

  const onValid = (body: FormOutput) => {
    setDone(null);
    setFailure(null);
    topUp.mutate(
      { body, idempotencyKey: keys.current.keyFor(body) },
      {
        onSuccess: (answer) => {
          keys.current.settled();
          reset({ amount: "", reason: "" });
          setDone(
            t("screens.customers.topUp.done", {
              amount: formatRand(body.amount),
              balance: formatRand(answer.balance),
            }),
          );
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
      <TextField
        size="small"
        required
        label={t("screens.customers.topUp.amount")}
        autoComplete="off"
        slotProps={{
          htmlInput: { inputMode: "decimal" },
          input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
        }}
        {...register("amount")}
        error={Boolean(errors.amount)}
        helperText={fieldErrorText(errors.amount)}
      />
      <TextField
        size="small"
        required
        label={t("screens.customers.topUp.reason")}
        autoComplete="off"
        {...register("reason")}
        error={Boolean(errors.reason)}
        helperText={fieldErrorText(errors.reason) ?? t("screens.customers.topUp.reasonHint")}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={topUp.isPending}
        startIcon={topUp.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
      >
        {topUp.isPending ? t("screens.customers.topUp.submitting") : t("screens.customers.topUp.submit")}
      </Button>
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
    </Stack>
  );
}
