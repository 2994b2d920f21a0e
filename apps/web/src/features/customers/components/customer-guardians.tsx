import type { LearnerGuardian } from "@kantien/domain/guardians";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { GuardianInviteForm } from "../../../components/guardian-invite-form";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import {
  useChangeGuardianLink,
  useInviteGuardian,
  useLearnerGuardians,
  useLinkCode,
  useRenewLinkCode,
} from "../api/customer-guardians";
import { LinkLetterDialog } from "./link-letter";

type Pending = { kind: "renew" } | { kind: "remove"; guardian: LearnerGuardian };

/**
 * A learner's guardians (admins): the link code to give them, made anew when one is lost, and
 * who is linked, waiting approval or to be removed (docs/decisions/0068-who-eats-and-who-pays.md).
 */
export function CustomerGuardiansSection({ learnerId }: { learnerId: string }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const headingId = useId();
  const code = useLinkCode(learnerId);
  const renew = useRenewLinkCode(learnerId);
  const guardians = useLearnerGuardians(learnerId);
  const change = useChangeGuardianLink(learnerId);
  const invite = useInviteGuardian(learnerId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [printing, setPrinting] = useState(false);
  const fail = (error: unknown) =>
    notify({ severity: "error", text: errorMessage(error, t("errors.update")) });

  const confirm = () => {
    const asked = pending;
    setPending(null);
    if (asked?.kind === "renew") renew.mutate(undefined, { onError: fail });
    if (asked?.kind === "remove") {
      change.mutate(
        { guardianId: asked.guardian.id, change: "remove" },
        { onSuccess: (answer) => notify({ severity: "success", text: answer.message }), onError: fail },
      );
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {t("screens.customers.guardians.title")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 240 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            {t("screens.customers.guardians.linkCode")}
          </Typography>
          {code.isError ? (
            <Alert severity="info">{errorMessage(code.error, t("errors.update"))}</Alert>
          ) : (
            <Typography
              variant="h5"
              component="p"
              sx={{ fontFamily: "monospace", fontWeight: 700, letterSpacing: 2 }}
              aria-busy={code.isPending}
            >
              {code.data ?? "…"}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            {t("screens.customers.guardians.linkCodeHint")}
          </Typography>
          {code.data ? (
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
              <Button variant="contained" size="small" onClick={() => setPrinting(true)}>
                {t("screens.customers.letter.open")}
              </Button>
              <Button
                variant="outlined"
                color="inherit"
                size="small"
                disabled={renew.isPending}
                onClick={() => setPending({ kind: "renew" })}
              >
                {renew.isPending
                  ? t("screens.customers.guardians.renewing")
                  : t("screens.customers.guardians.renew")}
              </Button>
            </Stack>
          ) : null}
        </Paper>
        <Box sx={{ flex: 1 }}>
          {guardians.isError ? (
            <LoadError error={guardians.error} onRetry={() => void guardians.refetch()} />
          ) : guardians.isPending ? (
            <Typography color="text.secondary">{t("screens.customers.guardians.loading")}</Typography>
          ) : guardians.data.length === 0 ? (
            <Typography color="text.secondary">{t("screens.customers.guardians.none")}</Typography>
          ) : (
            <List dense disablePadding>
              {guardians.data.map((guardian) => (
                <ListItem
                  key={guardian.id}
                  disableGutters
                  secondaryAction={
                    <Stack direction="row" spacing={1}>
                      {guardian.status === "pending" ? (
                        <Button
                          size="small"
                          variant="contained"
                          disabled={change.isPending}
                          onClick={() =>
                            change.mutate(
                              { guardianId: guardian.id, change: "approve" },
                              {
                                onSuccess: (answer) => notify({ severity: "success", text: answer.message }),
                                onError: fail,
                              },
                            )
                          }
                        >
                          {t("screens.customers.guardians.approve")}
                        </Button>
                      ) : null}
                      <Button
                        size="small"
                        color="error"
                        disabled={change.isPending}
                        onClick={() => setPending({ kind: "remove", guardian })}
                      >
                        {t("screens.customers.guardians.remove")}
                      </Button>
                    </Stack>
                  }
                >
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                        <span>{`${guardian.firstName} ${guardian.lastName}`}</span>
                        {guardian.primary ? (
                          <Chip
                            size="small"
                            variant="outlined"
                            label={t("screens.customers.guardians.primary")}
                          />
                        ) : null}
                        {guardian.status === "pending" ? (
                          <Chip
                            size="small"
                            color="warning"
                            label={t("screens.customers.guardians.waiting")}
                          />
                        ) : null}
                      </Stack>
                    }
                    secondary={guardian.email}
                    sx={{ pr: 22 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <GuardianInviteForm
            pending={invite.isPending}
            onInvite={(email) => invite.mutateAsync(email)}
            texts={{
              email: t("screens.customers.guardians.inviteEmail"),
              hint: t("screens.customers.guardians.inviteHint"),
              invite: t("screens.customers.guardians.invite"),
              inviting: t("screens.customers.guardians.inviting"),
              emailInvalid: t("screens.customers.guardians.emailInvalid"),
            }}
          />
        </Box>
      </Stack>
      {printing ? <LinkLetterDialog learnerId={learnerId} onClose={() => setPrinting(false)} /> : null}
      <ConfirmDialog
        open={pending !== null}
        destructive
        title={
          pending?.kind === "remove"
            ? t("screens.customers.guardians.removeTitle")
            : t("screens.customers.guardians.renewTitle")
        }
        message={
          pending?.kind === "remove"
            ? t("screens.customers.guardians.removeMessage", {
                name: `${pending.guardian.firstName} ${pending.guardian.lastName}`,
              })
            : t("screens.customers.guardians.renewMessage")
        }
        confirmLabel={
          pending?.kind === "remove"
            ? t("screens.customers.guardians.remove")
            : t("screens.customers.guardians.renew")
        }
        cancelLabel={t("common.cancel")}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Box>
  );
}
