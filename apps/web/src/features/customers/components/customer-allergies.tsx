import {
  ALLERGY_CONSENT_TEXT,
  ALLERGY_SEVERITY_LABELS,
  allergenName,
  DIET_TAG_LABELS,
} from "@kantien/domain/allergen-texts";
import { allergyConsentRefusal, type CustomerAllergiesRecord } from "@kantien/domain/dietary-profile";
import HealthAndSafety from "@mui/icons-material/HealthAndSafety";
import Warning from "@mui/icons-material/Warning";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AllergyChoice, AllergyPicker } from "../../../components/allergy-picker";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { StaleDialog, type StaleField, useStaleSave } from "../../../components/stale-dialog";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import {
  useCustomerAllergies,
  useSaveCustomerAllergies,
  useShowCustomerAllergies,
} from "../api/customer-allergies";

/** What the stale dialog compares (decision 0057): the allergies, the diet and the consent. */
function allergiesStaleFields(t: TFunction, language: "af" | "en"): StaleField<CustomerAllergiesRecord>[] {
  return [
    {
      label: t("screens.customers.allergies.allergiesLabel"),
      value: (record) => record.allergies,
      show: (record) =>
        record.allergies.length === 0
          ? t("screens.customers.allergies.none")
          : record.allergies
              .map(
                (a) => `${allergenName(a.code, language)}: ${ALLERGY_SEVERITY_LABELS[language][a.severity]}`,
              )
              .join(", "),
    },
    {
      label: t("screens.customers.allergies.diet"),
      value: (record) => record.diet,
      show: (record) =>
        record.diet.length === 0
          ? t("screens.customers.allergies.noDiet")
          : record.diet.map((tag) => DIET_TAG_LABELS[language][tag]).join(", "),
    },
    { label: t("screens.customers.allergies.consent"), value: (record) => record.allergyConsent },
  ];
}

/**
 * "Allergieë en dieet" on a customer's detail, for admins (decision 0041): closed until the
 * admin opens it, since every opening is logged and the customer sees who it was; an admin
 * enters what a customer or their parent said on the phone, consent recorded as given to them.
 */
export function CustomerAllergiesSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [opened, setOpened] = useState(false);
  const allergies = useCustomerAllergies(customerId, opened);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {t("screens.customers.allergies.title")}
      </Typography>
      {!opened ? (
        <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
          <Typography color="text.secondary">{t("screens.customers.allergies.closedHint")}</Typography>
          <Button variant="outlined" startIcon={<HealthAndSafety />} onClick={() => setOpened(true)}>
            {t("screens.customers.allergies.open")}
          </Button>
        </Stack>
      ) : allergies.data ? (
        <AllergiesShown customerId={customerId} data={allergies.data} />
      ) : allergies.isError ? (
        <LoadError error={allergies.error} onRetry={() => void allergies.refetch()} />
      ) : (
        <Skeleton variant="rounded" height={96} aria-label={t("screens.customers.allergies.loading")} />
      )}
    </Paper>
  );
}

function AllergiesShown({ customerId, data }: { customerId: string; data: CustomerAllergiesRecord }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const [editing, setEditing] = useState(false);
  const consent = data.allergyConsent;

  if (editing) return <AllergiesForm customerId={customerId} data={data} onDone={() => setEditing(false)} />;
  return (
    <Stack spacing={1.5} sx={{ alignItems: "flex-start" }}>
      {data.allergies.length === 0 ? (
        <Typography>{t("screens.customers.allergies.none")}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: "none" }}>
          {data.allergies.map((allergy) => (
            <Box
              component="li"
              key={allergy.code}
              sx={{ display: "flex", gap: 1, alignItems: "center", py: 0.25 }}
            >
              {allergy.severity === "severe" ? (
                <Warning fontSize="small" color="error" aria-hidden="true" />
              ) : null}
              <Typography component="span" sx={{ fontWeight: allergy.severity === "severe" ? 700 : 400 }}>
                {`${allergenName(allergy.code, language)}: ${ALLERGY_SEVERITY_LABELS[language][allergy.severity]}`}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Typography>
        {`${t("screens.customers.allergies.diet")}: `}
        {data.diet.length === 0
          ? t("screens.customers.allergies.noDiet")
          : data.diet.map((tag) => DIET_TAG_LABELS[language][tag]).join(", ")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {consent === null
          ? t("screens.customers.allergies.noConsent")
          : consent.recordedBy === null
            ? t("screens.customers.allergies.consentByCustomer", {
                date: formatDateTime(consent.at, timeZone, language),
                version: consent.version,
              })
            : t("screens.customers.allergies.consentRecordedBy", {
                date: formatDateTime(consent.at, timeZone, language),
                name: consent.recordedBy,
                version: consent.version,
              })}
      </Typography>
      <Button variant="outlined" onClick={() => setEditing(true)}>
        {t("screens.customers.allergies.edit")}
      </Button>
    </Stack>
  );
}

type AllergiesBody = AllergyChoice & { allergyConsent?: boolean };

function AllergiesForm({
  customerId,
  data,
  onDone,
}: {
  customerId: string;
  data: CustomerAllergiesRecord;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotice();
  const language = currentLanguage();
  const save = useSaveCustomerAllergies(customerId);
  const consentTextId = useId();
  const [choice, setChoice] = useState<AllergyChoice>({ allergies: data.allergies, diet: data.diet });
  const [consentTicked, setConsentTicked] = useState(false);
  const [confirmingWithdraw, setConfirmingWithdraw] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // The allergies the form was loaded with: the person's version goes with the save (decision 0057).
  const [loaded, setLoaded] = useState(data);
  const { stale, catchStale, close } = useStaleSave<CustomerAllergiesRecord>();
  const show = useShowCustomerAllergies(customerId);
  const consented = loaded.allergyConsent !== null;

  // What the last save sent: saved again over a newer version as it was.
  const [sent, setSent] = useState<AllergiesBody | null>(null);
  const send = async (body: AllergiesBody, from: CustomerAllergiesRecord) => {
    setFormError(null);
    setSent(body);
    try {
      const answer = await save.mutateAsync({ body, version: from.version });
      notify({ severity: "success", text: answer.message });
      onDone();
    } catch (error) {
      if (catchStale(error, from)) return;
      setFormError(errorMessage(error, t("errors.update")));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...choice, ...(consentTicked ? { allergyConsent: true } : {}) };
    if (allergyConsentRefusal(body, consented)) {
      setFormError(t("screens.customers.allergies.consentNeeded"));
      return;
    }
    void send(body, loaded);
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      {consented ? null : (
        <Box sx={{ p: 2, borderRadius: 1, bgcolor: "action.hover" }}>
          <Typography id={consentTextId} variant="body2" sx={{ mb: 1 }}>
            {ALLERGY_CONSENT_TEXT[language]}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={consentTicked}
                onChange={(event) => setConsentTicked(event.target.checked)}
                slotProps={{ input: { "aria-describedby": consentTextId } }}
              />
            }
            label={t("screens.customers.allergies.consentCheck")}
          />
        </Box>
      )}
      <AllergyPicker
        value={choice}
        onChange={setChoice}
        allergiesDisabled={!consented && !consentTicked}
        labels={{
          allergies: t("screens.customers.allergies.allergiesLabel"),
          none: t("screens.customers.allergies.noneOption"),
          severityOf: (allergen) => t("screens.customers.allergies.severityOf", { allergen }),
          diet: t("screens.customers.allergies.dietLabel"),
        }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
        <SubmitButton
          size="medium"
          submitting={save.isPending}
          label={t("screens.customers.allergies.save")}
          submittingLabel={t("screens.customers.allergies.saving")}
        />
        <Button onClick={onDone} disabled={save.isPending}>
          {t("screens.customers.allergies.cancel")}
        </Button>
        {consented ? (
          <Button color="error" disabled={save.isPending} onClick={() => setConfirmingWithdraw(true)}>
            {t("screens.customers.allergies.withdraw")}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirmingWithdraw}
        title={t("screens.customers.allergies.withdrawTitle")}
        message={t("screens.customers.allergies.withdrawText")}
        confirmLabel={t("screens.customers.allergies.withdrawConfirm")}
        cancelLabel={t("screens.customers.allergies.cancel")}
        destructive
        onConfirm={() => {
          setConfirmingWithdraw(false);
          void send({ allergies: [], diet: choice.diet, allergyConsent: false }, loaded);
        }}
        onCancel={() => setConfirmingWithdraw(false)}
      />
      <StaleDialog
        stale={stale}
        fields={allergiesStaleFields(t, language)}
        onReload={(current) => {
          close();
          show(current);
          setLoaded(current);
          setChoice({ allergies: current.allergies, diet: current.diet });
          setConsentTicked(false);
        }}
        onReapply={(current) => {
          close();
          setLoaded(current);
          if (sent) void send(sent, current);
        }}
      />
    </Stack>
  );
}
