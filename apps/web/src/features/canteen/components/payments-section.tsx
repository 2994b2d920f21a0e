import { moneyFieldValue } from "@kantien/domain/money";
import {
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentSecret,
  type PaymentSettings,
  PROVIDER_SECRETS,
} from "@kantien/domain/online-payments";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import InputAdornment from "@mui/material/InputAdornment";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyField } from "../../../components/money-field";
import { useNotice } from "../../../components/notice";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage, staleRecord } from "../../../lib/api-client";
import { serverFieldErrors } from "../../../lib/validation";
import { usePaymentSettings, useSavePaymentSettings } from "../api/payment-settings";
import { CanteenSection } from "./canteen-section";

type Values = {
  provider: PaymentProvider | "none";
  sandbox: boolean;
  minAmount: string;
  maxAmount: string;
  feeFixed: string;
  feePercent: string;
  merchantId: string;
} & Record<PaymentSecret, string>;

const FIELDS = [
  "provider",
  "minAmount",
  "maxAmount",
  "feeFixed",
  "feePercent",
  "merchantId",
  "merchantKey",
  "passphrase",
  "secretKey",
  "webhookSecret",
] as const;
type Field = (typeof FIELDS)[number];

const valuesOf = (settings: PaymentSettings): Values => ({
  provider: settings.provider ?? "none",
  sandbox: settings.sandbox,
  minAmount: moneyFieldValue(settings.minAmount),
  maxAmount: moneyFieldValue(settings.maxAmount),
  feeFixed: moneyFieldValue(settings.feeFixed),
  feePercent: settings.feePercent.replace(".", ","),
  merchantId: settings.merchantId ?? "",
  // A key is never shown: typing one replaces the stored one, an empty field keeps it.
  merchantKey: "",
  passphrase: "",
  secretKey: "",
  webhookSecret: "",
});

/**
 * The canteen's online payments on /canteen (admins, decision 0074): the provider, the sandbox,
 * what a top-up may be, the convenience fee, and the provider's keys, each shown only as set or
 * not. The server checks everything; a refused field says why where it is.
 */
export function PaymentsSection() {
  const settings = usePaymentSettings();
  return (
    <CanteenSection part="payments" query={settings}>
      {(loaded) => <PaymentsForm key={loaded.version} settings={loaded} />}
    </CanteenSection>
  );
}

function PaymentsForm({ settings }: { settings: PaymentSettings }) {
  const { t, i18n } = useTranslation();
  const providerLabel = useId();
  const save = useSavePaymentSettings();
  const notify = useNotice();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const provider = values.provider === "none" ? null : values.provider;
  const providers = PAYMENT_PROVIDERS.filter(
    (p) => p !== "simulator" || settings.simulatorAllowed || settings.provider === p,
  );

  const submit = () => {
    const secrets = Object.fromEntries(
      (["merchantKey", "passphrase", "secretKey", "webhookSecret"] as const)
        .filter((name) => values[name].trim() !== "")
        .map((name) => [name, values[name].trim()]),
    );
    const body = {
      provider,
      sandbox: values.sandbox,
      minAmount: values.minAmount,
      maxAmount: values.maxAmount,
      feeFixed: values.feeFixed === "" ? "0" : values.feeFixed,
      feePercent: values.feePercent === "" ? "0" : values.feePercent,
      merchantId: values.merchantId.trim() === "" ? null : values.merchantId.trim(),
      ...secrets,
    };
    save.mutate(
      { body, version: settings.version },
      {
        onSuccess: (answer) => notify({ severity: "success", text: answer.message }),
        onError: (error) => {
          const message = staleRecord(error)
            ? t("screens.canteen.payments.stale")
            : errorMessage(error, t("errors.update"));
          notify({
            severity: "error",
            text: () => i18n.t("screens.canteen.payments.saveFailed", { message }),
          });
          setErrors(Object.fromEntries(serverFieldErrors(error, FIELDS).map((e) => [e.field, e.message])));
        },
      },
    );
  };

  const secretField = (name: PaymentSecret, label: string) => (
    <TextField
      key={name}
      label={label}
      type="password"
      autoComplete="new-password"
      fullWidth
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={
        errors[name] ??
        (settings.secretsSet[name]
          ? t("screens.canteen.payments.secretSet")
          : t("screens.canteen.payments.secretNotSet"))
      }
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack spacing={3}>
        <div>
          <FormLabel id={providerLabel}>{t("screens.canteen.payments.provider")}</FormLabel>
          <RadioGroup
            aria-labelledby={providerLabel}
            value={values.provider}
            onChange={(event) => set("provider", event.target.value as Values["provider"])}
          >
            <FormControlLabel
              value="none"
              control={<Radio />}
              label={t("screens.canteen.payments.providers.none")}
            />
            {providers.map((p) => (
              <FormControlLabel
                key={p}
                value={p}
                control={<Radio />}
                label={t(`screens.canteen.payments.providers.${p}`)}
              />
            ))}
          </RadioGroup>
          {errors.provider ? (
            <Typography variant="body2" color="error">
              {errors.provider}
            </Typography>
          ) : null}
        </div>
        {provider !== null && provider !== "simulator" ? (
          <FormControlLabel
            control={
              <Switch checked={values.sandbox} onChange={(event) => set("sandbox", event.target.checked)} />
            }
            label={t("screens.canteen.payments.sandbox")}
          />
        ) : null}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 3, sm: 2 }}>
          <MoneyField
            label={t("screens.canteen.payments.minAmount")}
            fullWidth
            value={values.minAmount}
            onChange={(event) => set("minAmount", event.target.value)}
            error={Boolean(errors.minAmount)}
            helperText={errors.minAmount}
          />
          <MoneyField
            label={t("screens.canteen.payments.maxAmount")}
            fullWidth
            value={values.maxAmount}
            onChange={(event) => set("maxAmount", event.target.value)}
            error={Boolean(errors.maxAmount)}
            helperText={errors.maxAmount}
          />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 3, sm: 2 }}>
          <MoneyField
            label={t("screens.canteen.payments.feeFixed")}
            fullWidth
            value={values.feeFixed}
            onChange={(event) => set("feeFixed", event.target.value)}
            error={Boolean(errors.feeFixed)}
            helperText={errors.feeFixed ?? t("screens.canteen.payments.feeHint")}
          />
          <TextField
            label={t("screens.canteen.payments.feePercent")}
            fullWidth
            value={values.feePercent}
            onChange={(event) => set("feePercent", event.target.value)}
            error={Boolean(errors.feePercent)}
            helperText={errors.feePercent ?? " "}
            slotProps={{
              htmlInput: { inputMode: "decimal" },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
        </Stack>
        {provider === "payfast" ? (
          <Stack spacing={3}>
            <TextField
              label={t("screens.canteen.payments.merchantId")}
              fullWidth
              value={values.merchantId}
              onChange={(event) => set("merchantId", event.target.value)}
              error={Boolean(errors.merchantId)}
              helperText={errors.merchantId}
              slotProps={{ htmlInput: { inputMode: "numeric", spellCheck: false } }}
            />
            {secretField("merchantKey", t("screens.canteen.payments.merchantKey"))}
            {secretField("passphrase", t("screens.canteen.payments.passphrase"))}
          </Stack>
        ) : null}
        {provider === "yoco" ? (
          <Stack spacing={3}>
            {secretField("secretKey", t("screens.canteen.payments.secretKey"))}
            {secretField("webhookSecret", t("screens.canteen.payments.webhookSecret"))}
          </Stack>
        ) : null}
        {provider === "payfast" || provider === "yoco" ? (
          <Alert severity="info" role="note">
            {t(`screens.canteen.payments.notifyUrl.${provider}`)}
            <Typography
              component="code"
              sx={{ display: "block", mt: 0.5, overflowWrap: "anywhere", fontFamily: "monospace" }}
            >
              {settings.notifyUrls[provider]}
            </Typography>
          </Alert>
        ) : null}
        {provider === "simulator" ? (
          <Alert severity="warning" role="note">
            {t("screens.canteen.payments.simulatorNote")}
          </Alert>
        ) : null}
        {provider !== null &&
        PROVIDER_SECRETS[provider].some((name) => !settings.secretsSet[name] && values[name] === "") ? (
          <Typography variant="body2" color="text.secondary">
            {t("screens.canteen.payments.keysNeeded")}
          </Typography>
        ) : null}
        <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
          <SubmitButton
            submitting={save.isPending}
            label={t("screens.canteen.payments.save")}
            submittingLabel={t("screens.canteen.payments.saving")}
            size="medium"
          />
        </Stack>
      </Stack>
    </Box>
  );
}
