import { allergenName, GUARDIAN_ALLERGY_CONSENT_TEXT } from "@kantien/domain/allergen-texts";
import type { LearnerAllergies } from "@kantien/domain/guardians";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AllergyChoice, AllergyPicker } from "../../../components/allergy-picker";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { currentLanguage } from "../../../lib/i18n";
import { useLearnerAllergies, useSaveLearnerAllergies } from "../api/my-learners";

/**
 * A learner's allergies and diet, kept by their guardian with the guardian's consent, the
 * competent person's for a learner under 18 (docs/decisions/0068-who-eats-and-who-pays.md).
 */
export function LearnerAllergiesForm({ learnerId }: { learnerId: string }) {
  const { t } = useTranslation();
  const current = useLearnerAllergies(learnerId);
  const language = currentLanguage();
  const [open, setOpen] = useState(false);
  if (current.isPending) return <Typography color="text.secondary">{t("my.learners.loading")}</Typography>;
  if (current.isError) return <LoadError error={current.error} onRetry={() => void current.refetch()} />;
  if (open)
    return <AllergiesForm learnerId={learnerId} loaded={current.data} onDone={() => setOpen(false)} />;
  const held = current.data.allergies;
  // Closed, a line says what is kept; the whole list of allergens opens on asking.
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t("my.learners.allergies")}
      </Typography>
      {current.data.allergyConsent === "needed" ? (
        <Alert severity="warning">{t("my.learners.consentWaiting")}</Alert>
      ) : null}
      <Typography color={held.length === 0 ? "text.secondary" : "text.primary"}>
        {held.length === 0
          ? t("my.learners.noAllergies")
          : held.map((allergy) => allergenName(allergy.code, language)).join(", ")}
      </Typography>
      <Button
        variant="outlined"
        onClick={() => setOpen(true)}
        sx={{ alignSelf: "flex-start", minHeight: 44 }}
      >
        {t("my.learners.changeAllergies")}
      </Button>
    </Stack>
  );
}

function AllergiesForm({
  learnerId,
  loaded,
  onDone,
}: {
  learnerId: string;
  loaded: LearnerAllergies;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotice();
  const language = currentLanguage();
  const consentTextId = useId();
  const [choice, setChoice] = useState<AllergyChoice>({ allergies: loaded.allergies, diet: loaded.diet });
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLearnerAllergies(learnerId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // The server's rule, mirrored: allergies only with consent.
    if (choice.allergies.length > 0 && !consent) {
      setError(t("my.learners.consentNeeded"));
      return;
    }
    save.mutate(
      { ...choice, allergyConsent: consent },
      {
        onSuccess: (answer) => {
          setConsent(false);
          notify({ severity: "success", text: answer.message ?? "" });
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure, t("errors.update"))),
      },
    );
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t("my.learners.allergies")}
      </Typography>
      {loaded.allergyConsent === "needed" ? (
        <Alert severity="warning">{t("my.learners.consentWaiting")}</Alert>
      ) : null}
      <Box sx={{ p: 2, borderRadius: 1, bgcolor: "action.hover" }}>
        <Typography id={consentTextId} variant="body2" sx={{ mb: 1 }}>
          {GUARDIAN_ALLERGY_CONSENT_TEXT[language]}
        </Typography>
        <FormControlLabel
          sx={{ minHeight: 44 }}
          control={
            <Checkbox
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              slotProps={{ input: { "aria-describedby": consentTextId } }}
            />
          }
          label={t("my.learners.consentCheck")}
        />
      </Box>
      <AllergyPicker
        value={choice}
        onChange={setChoice}
        allergiesDisabled={false}
        labels={{
          allergies: t("my.learners.allergiesLabel"),
          none: t("my.learners.noAllergy"),
          severityOf: (allergen) => t("my.learners.severityOf", { allergen }),
          diet: t("my.learners.dietLabel"),
        }}
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ minHeight: 48 }}>
          {save.isPending ? t("my.learners.saving") : t("my.learners.saveAllergies")}
        </Button>
        <Button onClick={onDone} disabled={save.isPending} sx={{ minHeight: 48 }}>
          {t("my.learners.cancel")}
        </Button>
      </Stack>
    </Stack>
  );
}
