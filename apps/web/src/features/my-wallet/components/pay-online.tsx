import { formatRand } from "@kantien/domain/money";
import { randAmount } from "@kantien/domain/money-input";
import {
  type myPaymentAnswer,
  ONLINE_AMOUNT_MAX,
  type OnlineTopUpOffer,
  type PaymentStart,
  paymentFee,
  type paymentStartedAnswer,
  paymentTotal,
} from "@kantien/domain/online-payments";
import CreditCard from "@mui/icons-material/CreditCard";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { MoneyField } from "../../../components/money-field";
import { orderingApi } from "../../../lib/acting-for";
import { type Answer, ApiError, api, errorMessage, isNetworkError } from "../../../lib/api-client";
import { SubmissionKeys } from "../../../lib/idempotency";
import { queryKeys } from "../../../lib/query-keys";

const amountRule = randAmount(ONLINE_AMOUNT_MAX);

/** Sends the browser on to the provider: its page, or PayFast's form posted as PayFast asks. */
function goToProvider(start: PaymentStart) {
  if ("redirectUrl" in start) {
    window.location.assign(start.redirectUrl);
    return;
  }
  const form = document.createElement("form");
  form.method = "post";
  form.action = start.form.action;
  for (const [name, value] of start.form.fields) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/**
 * "Laai op met kaart" (decision 0074): an amount within the canteen's limits, the convenience fee
 * and what is paid shown before paying, then the provider's hosted page. Each submission carries
 * its own Idempotency-Key, kept when the answer never came, so a retry opens the same payment.
 */
export function PayOnline({ offer }: { offer: NonNullable<OnlineTopUpOffer> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const fieldId = useId();
  const [amount, setAmount] = useState("");
  const [touched, setTouched] = useState(false);
  const keys = useRef(new SubmissionKeys());
  const parsed = amountRule.safeParse(amount);
  const inRange =
    parsed.success &&
    Number(parsed.data) >= Number(offer.minAmount) &&
    Number(parsed.data) <= Number(offer.maxAmount);
  const fee = inRange ? paymentFee(parsed.data, offer) : null;
  const total = fee !== null && parsed.success ? paymentTotal(parsed.data, fee) : null;
  const start = useMutation({
    mutationFn: async (body: { amount: string }) =>
      (
        await api.post<Answer<typeof paymentStartedAnswer>>(`${orderingApi()}/payments`, {
          body,
          headers: { "Idempotency-Key": keys.current.keyFor(body) },
        })
      ).data,
    onSuccess: (started) => {
      keys.current.settled();
      goToProvider(started);
    },
    onError: (error) => {
      const unknownOutcome = isNetworkError(error) || (error instanceof ApiError && error.status >= 500);
      if (!unknownOutcome) keys.current.settled();
    },
  });
  const range = { min: formatRand(offer.minAmount), max: formatRand(offer.maxAmount) };
  const fieldError = touched && !inRange ? t("my.wallet.online.amountInvalid", range) : null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2.5, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t("my.wallet.online.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("my.wallet.online.text", range)}
      </Typography>
      {offer.sandbox ? (
        <Alert severity="warning" role="note" sx={{ mb: 2 }}>
          {t("my.wallet.online.sandbox")}
        </Alert>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (inRange && parsed.success && !start.isPending && !start.isSuccess)
            start.mutate({ amount: parsed.data });
        }}
      >
        <MoneyField
          id={fieldId}
          fullWidth
          required
          label={t("my.wallet.online.amount")}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => setTouched(amount !== "")}
          error={fieldError !== null}
          helperText={
            fieldError ??
            (fee !== null && total !== null && Number(fee) > 0
              ? t("my.wallet.online.withFee", { fee: formatRand(fee), total: formatRand(total) })
              : " ")
          }
        />
        {start.isError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(start.error, t("my.wallet.online.failed"))}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          startIcon={start.isPending ? <CircularProgress size={18} color="inherit" /> : <CreditCard />}
          // On its way to the provider's page: a second tap would open a second payment.
          disabled={start.isPending || start.isSuccess}
          sx={{ mt: 1 }}
        >
          {total !== null
            ? t("my.wallet.online.pay", { total: formatRand(total) })
            : t("my.wallet.online.payNoAmount")}
        </Button>
      </Box>
    </Paper>
  );
}

/** How often the return page asks whether the provider's notification has landed. */
const POLL_MS = 500;
/** After this long it stops asking and says the money comes when the provider confirms. */
const POLL_FOR_MS = 3 * 60_000;
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Outcome = "cancelled" | "failed";

/**
 * Back from the provider (`/my/wallet?payment=…`): "Betaling word bevestig…" until the
 * notification lands, then the new balance; a cancel or a failure says so and credits nothing.
 */
export function PaymentReturn() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Only a payment's id is read from the address: anything else names none.
  const given = params.get("payment");
  const id = given !== null && PAYMENT_ID.test(given) ? given : null;
  const asked = params.get("outcome");
  const outcome: Outcome | null = asked === "cancelled" || asked === "failed" ? asked : null;
  const queryClient = useQueryClient();
  // After three minutes the page stops asking and says the money comes when the provider confirms.
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const abandon = useMutation({
    mutationFn: async (body: { outcome: Outcome }) =>
      (await api.post<Answer<typeof myPaymentAnswer>>(`/api/my/payments/${id}/abandon`, { body })).data,
  });
  const told = useRef(false);
  useEffect(() => {
    if (id && (outcome === "cancelled" || outcome === "failed") && !told.current) {
      told.current = true;
      abandon.mutate({ outcome });
    }
  }, [id, outcome, abandon]);
  const payment = useQuery({
    queryKey: [...queryKeys.myPayment, id],
    enabled: id !== null && (outcome === null || abandon.isSuccess || abandon.isError),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof myPaymentAnswer>>(`/api/my/payments/${id}`, { signal })).data,
    refetchInterval: (query) => (query.state.data?.status === "pending" && !timedOut ? POLL_MS : false),
  });
  const status = payment.data?.status;
  useEffect(() => {
    // The wallet's balance and statement have the credit now.
    if (status === "credited") void queryClient.invalidateQueries({ queryKey: queryKeys.myWallet });
  }, [status, queryClient]);
  if (!id) return null;
  const close = () => {
    params.delete("payment");
    params.delete("outcome");
    setParams(params, { replace: true });
  };
  const data = payment.data;
  let body: { severity: "info" | "success" | "warning" | "error"; text: string; busy?: boolean };
  if (payment.isError)
    body = { severity: "error", text: errorMessage(payment.error, t("my.wallet.online.unknown")) };
  else if (!data) body = { severity: "info", text: t("my.wallet.online.confirming"), busy: true };
  else if (data.status === "credited")
    body = {
      severity: "success",
      text: t("my.wallet.online.credited", {
        amount: formatRand(data.amount),
        balance: formatRand(data.balance),
      }),
    };
  else if (data.status === "cancelled") body = { severity: "info", text: t("my.wallet.online.cancelled") };
  else if (data.status === "failed") body = { severity: "error", text: t("my.wallet.online.declined") };
  else if (data.status === "flagged") body = { severity: "warning", text: t("my.wallet.online.flagged") };
  else if (data.status === "test") body = { severity: "info", text: t("my.wallet.online.test") };
  else if (timedOut) body = { severity: "info", text: t("my.wallet.online.slow") };
  else body = { severity: "info", text: t("my.wallet.online.confirming"), busy: true };
  return (
    <Alert
      severity={body.severity}
      role={body.severity === "error" ? "alert" : "status"}
      icon={body.busy ? <CircularProgress size={20} /> : undefined}
      sx={{ mb: 2 }}
      action={
        body.busy ? undefined : (
          <Button color="inherit" size="small" onClick={close}>
            {t("my.wallet.online.close")}
          </Button>
        )
      }
    >
      {body.text}
    </Alert>
  );
}
