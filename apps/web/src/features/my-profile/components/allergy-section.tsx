import { ALLERGY_CONSENT_TEXT } from "@kantien/domain/allergen-texts";
import { allergyConsentRefusal } from "@kantien/domain/dietary-profile";
import type { MyProfile } from "@kantien/domain/my";
import Download from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AllergyChoice, AllergyPicker } from "../../../components/allergy-picker";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useNotice } from "../../../components/notice";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useSaveMyProfile } from "../api/my-profile";

/** The saved profile's details, sent again with the allergies: the server saves the profile whole. */
function savedDetails(profile: MyProfile) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: profile.phoneNumber,
    language: profile.language,
    theme: profile.theme,
  };
}

/**
 * "Allergieë en dieet" on /my/profile (decision 0041): the consent text with an explicit tick
 * before any allergy can be chosen, a severity per allergen, the diet, and withdrawing the
 * consent, which deletes the allergies. Loaded with its words only when the profile shows.
 */
export function AllergySection({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const save = useSaveMyProfile();
  const titleId = useId();
  const consentTextId = useId();
  const [choice, setChoice] = useState<AllergyChoice>({ allergies: profile.allergies, diet: profile.diet });
  const [consentTicked, setConsentTicked] = useState(false);
  const [confirmingWithdraw, setConfirmingWithdraw] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const consented = profile.allergyConsent !== null;

  const submit = async (changes: {
    allergies?: AllergyChoice["allergies"];
    diet?: AllergyChoice["diet"];
    allergyConsent?: boolean;
  }) => {
    setFormError(null);
    try {
      const answer = await save.mutateAsync({ ...savedDetails(profile), ...changes });
      setChoice({ allergies: answer.data.allergies, diet: answer.data.diet });
      setConsentTicked(false);
      return answer;
    } catch (error) {
      setFormError(errorMessage(error, t("errors.update")));
      return null;
    }
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const changes = { ...choice, ...(consentTicked ? { allergyConsent: true } : {}) };
    // The server's rule, mirrored: allergies only with consent.
    if (allergyConsentRefusal(changes, consented)) {
      setFormError(t("my.allergies.consentNeeded"));
      return;
    }
    const answer = await submit(changes);
    if (answer) notify({ severity: "success", text: answer.message });
  };

  const onWithdraw = async () => {
    setConfirmingWithdraw(false);
    const answer = await submit({ allergyConsent: false, diet: choice.diet });
    if (answer) notify({ severity: "success", text: t("my.allergies.withdrawn") });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("my.allergies.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("my.allergies.intro")}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={onSave}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box
          sx={{ p: 2, borderRadius: 1, bgcolor: "action.hover" }}
          role="group"
          aria-label={t("my.allergies.consentTitle")}
        >
          <Typography id={consentTextId} variant="body2" sx={{ mb: 1 }}>
            {ALLERGY_CONSENT_TEXT[language]}
          </Typography>
          {consented && profile.allergyConsent ? (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t("my.allergies.consentGiven", {
                date: formatDateTime(profile.allergyConsent.at, timeZone, language),
                version: profile.allergyConsent.version,
              })}
            </Typography>
          ) : (
            <FormControlLabel
              sx={{ minHeight: 44 }}
              control={
                <Checkbox
                  checked={consentTicked}
                  onChange={(event) => setConsentTicked(event.target.checked)}
                  slotProps={{ input: { "aria-describedby": consentTextId } }}
                />
              }
              label={t("my.allergies.consentCheck")}
            />
          )}
        </Box>
        {!consented && !consentTicked ? (
          <Typography variant="body2" color="text.secondary">
            {t("my.allergies.consentNeeded")}
          </Typography>
        ) : null}
        <AllergyPicker
          value={choice}
          onChange={setChoice}
          allergiesDisabled={!consented && !consentTicked}
          labels={{
            allergies: t("my.allergies.allergiesLabel"),
            none: t("my.allergies.none"),
            severityOf: (allergen) => t("my.allergies.severityOf", { allergen }),
            diet: t("my.allergies.dietLabel"),
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {t("my.allergies.dietHint")}
        </Typography>
        <SubmitButton
          submitting={save.isPending && !confirmingWithdraw}
          label={t("my.allergies.save")}
          submittingLabel={t("my.allergies.saving")}
        />
        {consented ? (
          <Button
            variant="outlined"
            color="error"
            size="large"
            disabled={save.isPending}
            onClick={() => setConfirmingWithdraw(true)}
          >
            {t("my.allergies.withdraw")}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirmingWithdraw}
        title={t("my.allergies.withdrawTitle")}
        message={t("my.allergies.withdrawText")}
        confirmLabel={t("my.allergies.withdrawConfirm")}
        cancelLabel={t("my.allergies.cancel")}
        destructive
        onConfirm={() => void onWithdraw()}
        onCancel={() => setConfirmingWithdraw(false)}
      />
    </Paper>
  );
}

/** "Laai my data af": everything held about me, as the server's file (`GET /api/my/data`). */
export function MyDataDownload() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("my.myData.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("my.myData.text")}
      </Typography>
      <Button variant="outlined" size="large" href="/api/my/data" download startIcon={<Download />}>
        {t("my.myData.download")}
      </Button>
    </Paper>
  );
}
