import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { useMyLearners } from "../api/my-learners";

/** Requests by academy number that wait for the canteen or the first guardian: no name until approved. */
export function PendingLearners() {
  const { t } = useTranslation();
  const pending = (useMyLearners().data ?? []).filter((learner) => learner.status === "pending");
  if (pending.length === 0) return null;
  return (
    <Stack spacing={1}>
      {pending.map((learner) => (
        <Alert key={learner.id} severity="info">
          {t("my.learners.pending", { akdNumber: learner.akdNumber ?? "" })}
        </Alert>
      ))}
    </Stack>
  );
}
