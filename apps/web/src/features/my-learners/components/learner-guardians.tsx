import type { LearnerGuardian, MyLearner } from "@kantien/domain/guardians";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { GuardianInviteForm } from "../../../components/guardian-invite-form";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { useChangeLearnerGuardians, useLearnerGuardians } from "../api/my-learners";

/**
 * A learner's guardians on the family page. Everyone sees who they are; the primary guardian
 * adds another by email, approves one waiting and removes one (after a confirmation), and any
 * guardian may end their own link (docs/decisions/0068-who-eats-and-who-pays.md).
 */
export function LearnerGuardians({ learner }: { learner: MyLearner }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const { user } = useSession();
  const guardians = useLearnerGuardians(learner.id);
  const change = useChangeLearnerGuardians(learner.id);
  const [removing, setRemoving] = useState<LearnerGuardian | null>(null);
  const done = (answer: { message: string }) => notify({ severity: "success", text: answer.message });
  const failed = (error: unknown) =>
    notify({ severity: "error", text: errorMessage(error, t("errors.update")) });

  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {t("my.learners.guardians.title")}
      </Typography>
      {guardians.isError ? (
        <LoadError error={guardians.error} onRetry={() => void guardians.refetch()} />
      ) : guardians.isPending ? (
        <Typography color="text.secondary">{t("my.learners.guardians.loading")}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {guardians.data.map((guardian) => {
            const me = guardian.id === user?.id;
            return (
              <Stack
                component="li"
                key={guardian.id}
                direction={{ xs: "column", sm: "row" }}
                spacing={1}
                sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                  <Typography>
                    {me ? t("my.learners.guardians.you") : `${guardian.firstName} ${guardian.lastName}`}
                  </Typography>
                  {guardian.primary ? (
                    <Chip size="small" variant="outlined" label={t("my.learners.primary")} />
                  ) : null}
                  {guardian.status === "pending" ? (
                    <Chip size="small" color="warning" label={t("my.learners.guardians.waiting")} />
                  ) : null}
                </Stack>
                <Stack direction="row" spacing={1}>
                  {learner.primary && guardian.status === "pending" ? (
                    <Button
                      size="small"
                      variant="contained"
                      disabled={change.isPending}
                      onClick={() =>
                        change.mutate(
                          { kind: "approve", guardianId: guardian.id },
                          { onSuccess: done, onError: failed },
                        )
                      }
                    >
                      {t("my.learners.guardians.approve")}
                    </Button>
                  ) : null}
                  {me || learner.primary ? (
                    <Button
                      size="small"
                      color="error"
                      disabled={change.isPending}
                      onClick={() => setRemoving(guardian)}
                    >
                      {me ? t("my.learners.guardians.leave") : t("my.learners.guardians.remove")}
                    </Button>
                  ) : null}
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
      {learner.primary ? (
        <GuardianInviteForm
          pending={change.isPending}
          onInvite={(email) => change.mutateAsync({ kind: "invite", email })}
          texts={{
            email: t("my.learners.guardians.inviteEmail"),
            hint: t("my.learners.guardians.inviteHint"),
            invite: t("my.learners.guardians.invite"),
            inviting: t("my.learners.guardians.inviting"),
            emailInvalid: t("my.learners.guardians.emailInvalid"),
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        destructive
        title={
          removing?.id === user?.id
            ? t("my.learners.guardians.leaveTitle", { name: learner.firstName })
            : t("my.learners.guardians.removeTitle")
        }
        message={
          removing?.id === user?.id
            ? t("my.learners.guardians.leaveMessage", { name: learner.firstName })
            : t("my.learners.guardians.removeMessage", {
                name: `${removing?.firstName ?? ""} ${removing?.lastName ?? ""}`,
                learner: learner.firstName,
              })
        }
        confirmLabel={
          removing?.id === user?.id ? t("my.learners.guardians.leave") : t("my.learners.guardians.remove")
        }
        cancelLabel={t("common.cancel")}
        onConfirm={() => {
          const target = removing;
          setRemoving(null);
          if (target)
            change.mutate({ kind: "remove", guardianId: target.id }, { onSuccess: done, onError: failed });
        }}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
