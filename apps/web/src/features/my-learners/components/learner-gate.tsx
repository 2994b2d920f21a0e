import { ROUTES } from "@kantien/domain/route-access";
import FamilyRestroomOutlined from "@mui/icons-material/FamilyRestroomOutlined";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Fragment, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { LoadError } from "../../../components/load-error";
import { LoadingScreen } from "../../../components/loading-screen";
import { actingFor, setActingFor } from "../../../lib/acting-for";
import { useMyLearners } from "../api/my-learners";
import { LinkLearnerForm } from "./link-learner-form";
import { MyLearnersScreen } from "./my-learners-screen";
import { PendingLearners } from "./pending-learners";

const SELF = "self";

/**
 * Whom the ordering app acts for, above every screen of a guardian or an academy staff member:
 * a switch between their learners (and themselves, for academy staff, who eat too). A guardian
 * with no learner yet is asked to link one first; their own menu, orders and wallet do not exist.
 */
export function LearnerGate({
  eatsToo,
  onSwitch,
  children,
}: {
  /** Academy staff eat and pay for themselves too; a guardian does not. */
  eatsToo: boolean;
  /** Renders the frame again after a switch (its balance is the chosen one's). */
  onSwitch: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const learners = useMyLearners();
  const [chosen, setChosen] = useState(actingFor);
  const choose = (id: string | null) => {
    setActingFor(id);
    setChosen(id);
    onSwitch();
  };
  const active = (learners.data ?? []).filter((learner) => learner.status === "active");
  const valid = chosen === null ? eatsToo : active.some((learner) => learner.id === chosen);
  // One no longer linked (or never chosen) gives way to the first learner, or to oneself.
  const fallback = eatsToo ? null : (active[0]?.id ?? null);
  useEffect(() => {
    if (learners.data && !valid) {
      setActingFor(fallback);
      setChosen(fallback);
      onSwitch();
    }
  }, [learners.data, valid, fallback, onSwitch]);

  if (learners.isPending) return <LoadingScreen label={t("my.learners.loading")} />;
  if (learners.isError) return <LoadError error={learners.error} onRetry={() => void learners.refetch()} />;
  if (pathname === ROUTES.myLearners) return <MyLearnersScreen onLinked={choose} />;
  // The profile is one's own: it needs no learner.
  if (pathname === ROUTES.myProfile) return children;
  if (!eatsToo && active.length === 0) return <FirstLearner onLinked={choose} />;
  if (!valid) return null;
  if (active.length === 0) return children;
  return (
    <>
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t("my.learners.actingFor")}
            value={chosen ?? SELF}
            onChange={(event) => choose(event.target.value === SELF ? null : event.target.value)}
          >
            {eatsToo ? <MenuItem value={SELF}>{t("my.learners.myself")}</MenuItem> : null}
            {active.map((learner) => (
              <MenuItem key={learner.id} value={learner.id}>
                {`${learner.firstName} ${learner.lastName}`}
              </MenuItem>
            ))}
          </TextField>
          <Button
            component={RouterLink}
            to={ROUTES.myLearners}
            startIcon={<FamilyRestroomOutlined />}
            sx={{ flexShrink: 0, minHeight: 44 }}
          >
            {t("my.learners.family")}
          </Button>
        </Stack>
      </Paper>
      {active
        .filter((learner) => learner.allergyConsent === "needed")
        .map((learner) => (
          <Alert
            key={learner.id}
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button component={RouterLink} to={ROUTES.myLearners} color="inherit" size="small">
                {t("my.learners.family")}
              </Button>
            }
          >
            {t("my.learners.consentAsk", { name: learner.firstName })}
          </Alert>
        ))}
      {/* A switch remounts the screen, which then reads the chosen one's data. */}
      <Fragment key={chosen}>{children}</Fragment>
    </>
  );
}

/** A guardian's first visit: what to do before anything else can be shown. */
function FirstLearner({ onLinked }: { onLinked: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t("my.learners.firstTitle")}
      </Typography>
      <Typography color="text.secondary">{t("my.learners.firstText")}</Typography>
      <PendingLearners />
      <LinkLearnerForm onLinked={onLinked} />
    </Stack>
  );
}
