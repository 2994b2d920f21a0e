import { allergenName } from "@kantien/domain/allergen-texts";
import { ALLERGENS, type Allergen } from "@kantien/domain/allergens";
import type { MyLearner } from "@kantien/domain/guardians";
import { formatRand, moneyFieldValue } from "@kantien/domain/money";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { MoneyField } from "../../../components/money-field";
import { useNotice } from "../../../components/notice";
import { PageTitle } from "../../../components/page-title";
import { errorMessage } from "../../../lib/api-client";
import { currentLanguage } from "../../../lib/i18n";
import { useMyLearners, useSaveLearnerLimits } from "../api/my-learners";
import { LearnerAllergiesForm } from "./learner-allergies-form";
import { LearnerGuardians } from "./learner-guardians";
import { LinkLearnerForm } from "./link-learner-form";
import { PendingLearners } from "./pending-learners";
import { TransferForm } from "./transfer-form";

/**
 * `/my/learners` ("Gesin"), shown by the learner switch (`LearnerGate`): a guardian's learners with their balance and payment reference, the
 * limits every order for them keeps to, and linking another (docs/decisions/0068-who-eats-and-who-pays.md).
 */
export function MyLearnersScreen({ onLinked }: { onLinked: (learnerId: string) => void }) {
  const { t } = useTranslation();
  const learners = useMyLearners();
  const active = (learners.data ?? []).filter((learner) => learner.status === "active");
  return (
    <Stack spacing={2}>
      <PageTitle>{t("my.learners.title")}</PageTitle>
      {learners.isPending ? (
        <LoadingScreen label={t("my.learners.loading")} />
      ) : learners.isError ? (
        <LoadError error={learners.error} onRetry={() => void learners.refetch()} />
      ) : active.length === 0 ? (
        <Typography color="text.secondary">{t("my.learners.none")}</Typography>
      ) : (
        active.map((learner) => <LearnerCard key={learner.id} learner={learner} />)
      )}
      {active.length >= 2 ? <TransferForm learners={active} /> : null}
      <PendingLearners />
      <LinkLearnerForm onLinked={onLinked} />
    </Stack>
  );
}

function LearnerCard({ learner }: { learner: MyLearner }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", justifyContent: "space-between" }}>
        <Typography id={headingId} variant="h6" component="h2">
          {`${learner.firstName} ${learner.lastName}`}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {formatRand(learner.balance ?? "0")}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t("my.learners.reference", { reference: learner.paymentReference ?? "" })}
      </Typography>
      {learner.primary ? (
        <Chip size="small" variant="outlined" label={t("my.learners.primary")} sx={{ mt: 1 }} />
      ) : null}
      <LimitsForm learner={learner} />
      <LearnerAllergiesForm learnerId={learner.id} />
      <LearnerGuardians learner={learner} />
    </Paper>
  );
}

/** What every order for the learner keeps to, at the counter too; empty is no limit. */
function LimitsForm({ learner }: { learner: MyLearner }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const language = currentLanguage();
  const save = useSaveLearnerLimits(learner.id);
  const limits = learner.limits;
  const [daily, setDaily] = useState(limits?.dailyLimit ? moneyFieldValue(limits.dailyLimit) : "");
  const [weekly, setWeekly] = useState(limits?.weeklyLimit ? moneyFieldValue(limits.weeklyLimit) : "");
  const [blocked, setBlocked] = useState<Allergen[]>(limits?.blockedAllergens ?? []);
  const [error, setError] = useState<string | null>(null);
  const blockedDishes = limits?.blockedFoodItemIds.length ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      {
        dailyLimit: daily.trim() === "" ? null : daily,
        weeklyLimit: weekly.trim() === "" ? null : weekly,
        blockedFoodItemIds: limits?.blockedFoodItemIds ?? [],
        blockedAllergens: blocked,
      },
      {
        onSuccess: (answer) => notify({ severity: "success", text: answer.message ?? "" }),
        onError: (failure) => setError(errorMessage(failure, t("errors.update"))),
      },
    );
  };
  const toggle = (code: Allergen) =>
    setBlocked((current) =>
      current.includes(code) ? current.filter((c) => c !== code) : [...current, code],
    );

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t("my.learners.limits")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <MoneyField
          label={t("my.learners.dailyLimit")}
          value={daily}
          onChange={(event) => setDaily(event.target.value)}
          helperText={t("my.learners.noLimitHint")}
          fullWidth
        />
        <MoneyField
          label={t("my.learners.weeklyLimit")}
          value={weekly}
          onChange={(event) => setWeekly(event.target.value)}
          helperText={t("my.learners.noLimitHint")}
          fullWidth
        />
      </Stack>
      <Typography variant="body2" id={`${learner.id}-blocked`}>
        {t("my.learners.blockedAllergens")}
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: "wrap", gap: 1 }}
        role="group"
        aria-labelledby={`${learner.id}-blocked`}
      >
        {ALLERGENS.map((code) => (
          <Chip
            key={code}
            label={allergenName(code, language)}
            color={blocked.includes(code) ? "error" : "default"}
            variant={blocked.includes(code) ? "filled" : "outlined"}
            onClick={() => toggle(code)}
            aria-pressed={blocked.includes(code)}
            sx={{ minHeight: 40 }}
          />
        ))}
      </Stack>
      {blockedDishes > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("my.learners.blockedDishes", { count: blockedDishes })}
        </Typography>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending}
        sx={{ alignSelf: "flex-start", minHeight: 48 }}
      >
        {save.isPending ? t("my.learners.saving") : t("my.learners.save")}
      </Button>
    </Stack>
  );
}
