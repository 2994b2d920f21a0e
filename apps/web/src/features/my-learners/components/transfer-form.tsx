import type { MyLearner } from "@kantien/domain/guardians";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyField } from "../../../components/money-field";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { useTransferBetweenLearners } from "../api/my-learners";

/**
 * "Skuif geld": from one of my learners' wallets to another's, in one step (decision 0068). One
 * key per attempt: a retry of the same tap moves the money once; a new tap is a new transfer.
 */
export function TransferForm({ learners }: { learners: MyLearner[] }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const headingId = useId();
  const [from, setFrom] = useState(learners[0]?.id ?? "");
  const [to, setTo] = useState(learners[1]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const move = useTransferBetweenLearners();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    move.mutate(
      { transfer: { fromLearnerId: from, toLearnerId: to, amount }, key },
      {
        onSuccess: (answer) => {
          notify({ severity: "success", text: answer.message });
          setAmount("");
          setKey(crypto.randomUUID());
        },
        onError: (failure) => setError(errorMessage(failure, t("errors.update"))),
      },
    );
  };
  const choices = learners.map((learner) => (
    <MenuItem key={learner.id} value={learner.id}>
      {`${learner.firstName} ${learner.lastName}`}
    </MenuItem>
  ));
  // Choosing on one side the learner of the other swaps them: the two stay different.
  const choose = (side: "from" | "to", id: string) => {
    const [mine, other, setMine, setOther] =
      side === "from" ? [from, to, setFrom, setTo] : [to, from, setTo, setFrom];
    if (id === other) setOther(mine);
    setMine(id);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Typography id={headingId} variant="h6" component="h2">
          {t("my.learners.transferTitle")}
        </Typography>
        <TextField
          select
          label={t("my.learners.transferFrom")}
          value={from}
          onChange={(event) => choose("from", event.target.value)}
        >
          {choices}
        </TextField>
        <TextField
          select
          label={t("my.learners.transferTo")}
          value={to}
          onChange={(event) => choose("to", event.target.value)}
        >
          {choices}
        </TextField>
        <MoneyField
          label={t("my.learners.transferAmount")}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button
          type="submit"
          variant="contained"
          disabled={move.isPending || amount.trim() === ""}
          sx={{ minHeight: 48 }}
        >
          {move.isPending ? t("my.learners.transferring") : t("my.learners.transfer")}
        </Button>
      </Stack>
    </Paper>
  );
}
