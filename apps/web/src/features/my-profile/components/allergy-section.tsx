import { ALLERGY_CONSENT_TEXT, ALLERGY_SEVERITY_LABELS, allergenName } from "@kantien/domain/allergen-texts";
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
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AllergyChoice, AllergyPicker } from "../../../components/allergy-picker";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useNotice } from "../../../components/notice";
import { StaleDialog, useStaleSave } from "../../../components/stale-dialog";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { queryKeys } from "../../../lib/query-keys";
import { useSaveMyProfile } from "../api/my-profile";
import { profileStaleFields } from "./profile-stale-fields";

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

type Changes = {
  allergies?: AllergyChoice["allergies"];
  diet?: AllergyChoice["diet"];
  allergyConsent?: boolean;
};

const choiceOf = (profile: MyProfile): AllergyChoice => ({
  allergies: profile.allergies,
  diet: profile.diet,
});

/**
 * "Allergieë en dieet" on /my/profile (decision 0041): the consent text with an explicit tick
 * before any allergy can be chosen, a severity per allergen, the diet, and withdrawing the
 * consent, which deletes the allergies. Loaded with its words only when the profile shows.
 */
export function AllergySection({ profile }: { profile: MyProfile }) {
  // A child's allergies are their guardian's to keep (decision 0068): shown, not edited.
  return profile.managedByGuardian ? (
    <ManagedAllergies profile={profile} />
  ) : (
    <OwnAllergies profile={profile} />
  );
}

function ManagedAllergies({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("my.allergies.title")}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t("my.allergies.managed")}
      </Alert>
      {profile.allergies.length === 0 ? (
        <Typography color="text.secondary">{t("my.allergies.managedNone")}</Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 3 }}>
          {profile.allergies.map((allergy) => (
            <li key={allergy.code}>
              {`${allergenName(allergy.code, language)}: ${ALLERGY_SEVERITY_LABELS[language][allergy.severity]}`}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function OwnAllergies({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const queryClient = useQueryClient();
  const save = useSaveMyProfile();
  const titleId = useId();
  const consentTextId = useId();
  // The profile the choice was made on: its version goes with the save (decision 0057).
  const [loaded, setLoaded] = useState(profile);
  const [choice, setChoice] = useState<AllergyChoice>(choiceOf(profile));
  const [consentTicked, setConsentTicked] = useState(false);
  const [confirmingWithdraw, setConfirmingWithdraw] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { stale, catchStale, close } = useStaleSave<MyProfile>();
  const [refused, setRefused] = useState<{ changes: Changes; withdraw: boolean } | null>(null);
  const consented = loaded.allergyConsent !== null;
  const untouched = !consentTicked && JSON.stringify(choice) === JSON.stringify(choiceOf(loaded));

  // A newer profile (the details saved, a refetch) replaces an untouched choice; never an edit.
  useEffect(() => {
    if (profile.version === loaded.version || !untouched) return;
    setLoaded(profile);
    setChoice(choiceOf(profile));
  }, [profile, loaded.version, untouched]);

  const submit = async (changes: Changes, from: MyProfile, withdraw: boolean) => {
    setFormError(null);
    try {
      const answer = await save.mutateAsync({
        input: { ...savedDetails(from), ...changes },
        version: from.version,
      });
      setLoaded(answer.data);
      setChoice(choiceOf(answer.data));
      setConsentTicked(false);
      return answer;
    } catch (error) {
      if (catchStale(error, from)) setRefused({ changes, withdraw });
      else setFormError(errorMessage(error, t("errors.update")));
      return null;
    }
  };
  const saved = (answer: Awaited<ReturnType<typeof submit>>, withdraw: boolean) => {
    if (answer)
      notify({ severity: "success", text: withdraw ? t("my.allergies.withdrawn") : answer.message });
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const changes = { ...choice, ...(consentTicked ? { allergyConsent: true } : {}) };
    // The server's rule, mirrored: allergies only with consent.
    if (allergyConsentRefusal(changes, consented)) {
      setFormError(t("my.allergies.consentNeeded"));
      return;
    }
    saved(await submit(changes, loaded, false), false);
  };

  const onWithdraw = async () => {
    setConfirmingWithdraw(false);
    saved(await submit({ allergyConsent: false, diet: choice.diet }, loaded, true), true);
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
        {loaded.guardianConsent === "needed" ? (
          <Alert severity="info">{t("my.allergies.guardianNeeded")}</Alert>
        ) : null}
        <Box
          sx={{ p: 2, borderRadius: 1, bgcolor: "action.hover" }}
          role="group"
          aria-label={t("my.allergies.consentTitle")}
        >
          <Typography id={consentTextId} variant="body2" sx={{ mb: 1 }}>
            {ALLERGY_CONSENT_TEXT[language]}
          </Typography>
          {consented && loaded.allergyConsent ? (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t("my.allergies.consentGiven", {
                date: formatDateTime(loaded.allergyConsent.at, timeZone, language),
                version: loaded.allergyConsent.version,
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
      <StaleDialog
        stale={stale}
        fields={profileStaleFields(t)}
        onReload={(current) => {
          close();
          queryClient.setQueryData(queryKeys.myProfile, current);
          setLoaded(current);
          setChoice(choiceOf(current));
          setConsentTicked(false);
        }}
        onReapply={async (current) => {
          close();
          if (refused) saved(await submit(refused.changes, current, refused.withdraw), refused.withdraw);
        }}
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
