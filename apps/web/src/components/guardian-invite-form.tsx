import { signupInput } from "@kantien/domain/auth";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../lib/api-client";
import { useNotice } from "./notice";

type Props = {
  /** Sends the address (checked and in lower case); the answer's message is shown. */
  onInvite: (email: string) => Promise<{ message: string }>;
  pending: boolean;
  /** The words, from the screen's own texts: the family page and the back office say it apart. */
  texts: { email: string; hint: string; invite: string; inviting: string; emailInvalid: string };
};

/**
 * Another guardian for a learner, by email: linked at once when they have an account, else
 * invited (docs/decisions/0068-who-eats-and-who-pays.md). The primary guardian's family page and
 * the admins' customer detail both use it. A refused address stays in the field, with why.
 */
export function GuardianInviteForm({ onInvite, pending, texts }: Props) {
  const { t } = useTranslation();
  const notify = useNotice();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = signupInput.shape.email.safeParse(email);
    if (!checked.success) {
      setError(texts.emailInvalid);
      return;
    }
    setError(null);
    try {
      const answer = await onInvite(checked.data);
      notify({ severity: "success", text: answer.message });
      setEmail("");
    } catch (failure) {
      setError(errorMessage(failure, t("errors.update")));
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1} sx={{ pt: 1 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          type="email"
          label={texts.email}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
          helperText={texts.hint}
          size="small"
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={pending} sx={{ minHeight: 40 }}>
          {pending ? texts.inviting : texts.invite}
        </Button>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
    </Stack>
  );
}
