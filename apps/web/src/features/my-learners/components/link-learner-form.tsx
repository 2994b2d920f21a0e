import type { LinkLearnerInput } from "@kantien/domain/guardians";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { useLinkLearner } from "../api/my-learners";

type Way = "code" | "number";

/**
 * Links a learner: with the code on the school's letter (linked at once, and chosen: `onLinked`), or with the
 * academy number and date of birth (a request the canteen or the first guardian approves). What
 * was typed stays when the server refuses it.
 */
export function LinkLearnerForm({ onLinked }: { onLinked: (learnerId: string) => void }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const headingId = useId();
  const link = useLinkLearner();
  const [way, setWay] = useState<Way>("code");
  const [linkCode, setLinkCode] = useState("");
  const [akdNumber, setAkdNumber] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const input: LinkLearnerInput = way === "code" ? { linkCode } : { akdNumber, dateOfBirth };
    link.mutate(input, {
      onSuccess: (answer) => {
        notify({ severity: "success", text: answer.message });
        if (answer.data) onLinked(answer.data.id);
        setLinkCode("");
        setAkdNumber("");
        setDateOfBirth("");
      },
      onError: (failure) => setError(errorMessage(failure, t("errors.update"))),
    });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Typography id={headingId} variant="h6" component="h2">
          {t("my.learners.linkTitle")}
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={way}
          onChange={(_, next: Way | null) => next && setWay(next)}
          aria-label={t("my.learners.linkWay")}
        >
          <ToggleButton value="code">{t("my.learners.byCode")}</ToggleButton>
          <ToggleButton value="number">{t("my.learners.byNumber")}</ToggleButton>
        </ToggleButtonGroup>
        {way === "code" ? (
          <TextField
            label={t("my.learners.linkCode")}
            helperText={t("my.learners.linkCodeHint")}
            value={linkCode}
            onChange={(event) => setLinkCode(event.target.value)}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: "characters", spellCheck: false, maxLength: 20 } }}
          />
        ) : (
          <>
            <TextField
              label={t("my.learners.akdNumber")}
              value={akdNumber}
              onChange={(event) => setAkdNumber(event.target.value)}
              required
              autoComplete="off"
            />
            <TextField
              label={t("my.learners.dateOfBirth")}
              type="date"
              value={dateOfBirth}
              onChange={(event) => setDateOfBirth(event.target.value)}
              required
              slotProps={{ inputLabel: { shrink: true } }}
              helperText={t("my.learners.byNumberHint")}
            />
          </>
        )}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button type="submit" variant="contained" disabled={link.isPending} sx={{ minHeight: 48 }}>
          {link.isPending ? t("my.learners.linking") : t("my.learners.link")}
        </Button>
      </Stack>
    </Paper>
  );
}
