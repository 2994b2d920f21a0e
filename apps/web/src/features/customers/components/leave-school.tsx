import type { LearnerLeaveInput, LearnerLeaveOptions } from "@kantien/domain/guardians";
import { learnerLeaveInput } from "@kantien/domain/guardians";
import { formatRand } from "@kantien/domain/money";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useLeaveOptions, useLeaveSchool } from "../api/customer-guardians";

type Props = { learner: { id: string; name: string }; onLeft: () => void };

/**
 * A learner leaving the school (admins): the button at the foot of the customer's detail, and the
 * dialog that asks where the balance goes before anything changes
 * (docs/decisions/0068-who-eats-and-who-pays.md).
 */
export function LeaveSchoolSection({ learner, onLeft }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box component="section">
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {t("screens.customers.leave.open")}
      </Button>
      {open ? <LeaveSchoolDialog learner={learner} onClose={() => setOpen(false)} onLeft={onLeft} /> : null}
    </Box>
  );
}

type Destination = "sibling" | "payout";

function LeaveSchoolDialog({ learner, onClose, onLeft }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const titleId = useId();
  const options = useLeaveOptions(learner.id);
  const leave = useLeaveSchool(learner.id);
  const [destination, setDestination] = useState<Destination | null>(null);
  const [siblingId, setSiblingId] = useState("");
  const [payeeId, setPayeeId] = useState("");
  const [bankReference, setBankReference] = useState("");
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const data = options.data;
  const hasBalance = data ? Number(data.balance) > 0 : false;
  // The first choices the server offers: a sibling if there is one, else paying back whoever paid last.
  const chosen: Destination = destination ?? (data?.siblings.length ? "sibling" : "payout");
  const sibling = siblingId || data?.siblings[0]?.id || "";
  const payee = payeeId || data?.payees[0]?.id || "";

  const bodyOf = (found: LearnerLeaveOptions): LearnerLeaveInput => {
    if (!hasBalance) return {};
    if (chosen === "sibling") return { toLearnerId: sibling };
    const to = found.payees.find((row) => row.id === payee);
    return to?.guardian
      ? { refundToGuardianId: to.id, bankReference }
      : { refundToLearner: true, bankReference };
  };

  const submit = () => {
    if (!data) return;
    const body = bodyOf(data);
    const checked = learnerLeaveInput.safeParse(body);
    if (!checked.success) {
      // The one field a person types: the bank reference.
      setReferenceError(t("screens.customers.leave.referenceRequired"));
      return;
    }
    setReferenceError(null);
    setFailure(null);
    // Awaited rather than the call's own callbacks: the learner's detail refreshes to "not found"
    // and unmounts this dialog, whose callbacks would then never run.
    leave.mutateAsync(checked.data).then(
      (answer) => {
        notify({ severity: "success", text: answer.message });
        onClose();
        onLeft();
      },
      // Nothing changed on the server: the dialog stays with what was chosen.
      (error: unknown) => setFailure(errorMessage(error, t("errors.update"))),
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} role="alertdialog" fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("screens.customers.leave.title", { name: learner.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t("screens.customers.leave.explain")}</DialogContentText>
          {options.isError ? (
            <LoadError error={options.error} onRetry={() => void options.refetch()} />
          ) : !data ? (
            <Box aria-busy>
              <LinearProgress aria-label={t("screens.customers.leave.loading")} />
            </Box>
          ) : !hasBalance ? (
            <Alert severity="info">{t("screens.customers.leave.empty")}</Alert>
          ) : (
            <BalanceChoice
              options={data}
              chosen={chosen}
              onChoose={setDestination}
              sibling={sibling}
              onSibling={setSiblingId}
              payee={payee}
              onPayee={setPayeeId}
              bankReference={bankReference}
              onBankReference={(value) => {
                setBankReference(value);
                setReferenceError(null);
              }}
              referenceError={referenceError}
            />
          )}
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" color="error" disabled={!data || leave.isPending} onClick={submit}>
          {leave.isPending ? t("screens.customers.leave.leaving") : t("screens.customers.leave.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type ChoiceProps = {
  options: LearnerLeaveOptions;
  chosen: Destination;
  onChoose: (destination: Destination) => void;
  sibling: string;
  onSibling: (id: string) => void;
  payee: string;
  onPayee: (id: string) => void;
  bankReference: string;
  onBankReference: (value: string) => void;
  referenceError: string | null;
};

/** Where the balance goes: a sibling under the same guardian, or back to whoever paid it. */
function BalanceChoice(props: ChoiceProps) {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const language = currentLanguage();
  const labelId = useId();
  const { options, chosen } = props;
  const noSiblings = options.siblings.length === 0;
  return (
    <Stack spacing={2}>
      <Typography id={labelId}>
        {t("screens.customers.leave.balance", { amount: formatRand(options.balance) })}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={chosen}
        onChange={(event) => props.onChoose(event.target.value as Destination)}
      >
        <FormControlLabel
          value="sibling"
          control={<Radio />}
          disabled={noSiblings}
          label={
            noSiblings ? t("screens.customers.leave.noSiblings") : t("screens.customers.leave.toSibling")
          }
        />
        <FormControlLabel value="payout" control={<Radio />} label={t("screens.customers.leave.payBack")} />
      </RadioGroup>
      {chosen === "sibling" ? (
        <TextField
          select
          label={t("screens.customers.leave.sibling")}
          value={props.sibling}
          onChange={(event) => props.onSibling(event.target.value)}
        >
          {options.siblings.map((row) => (
            <MenuItem key={row.id} value={row.id}>{`${row.firstName} ${row.lastName}`}</MenuItem>
          ))}
        </TextField>
      ) : (
        <>
          <TextField
            select
            label={t("screens.customers.leave.payee")}
            value={props.payee}
            onChange={(event) => props.onPayee(event.target.value)}
            helperText={t("screens.customers.leave.payeeHint")}
          >
            {options.payees.map((row) => (
              <MenuItem key={row.id} value={row.id}>
                {`${row.firstName} ${row.lastName}`}
                {row.lastPaidAt
                  ? ` · ${t("screens.customers.leave.lastPaid", {
                      when: formatDateTime(row.lastPaidAt, timeZone, language),
                    })}`
                  : ""}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t("screens.customers.leave.bankReference")}
            value={props.bankReference}
            onChange={(event) => props.onBankReference(event.target.value)}
            error={props.referenceError !== null}
            helperText={props.referenceError ?? t("screens.customers.leave.bankReferenceHint")}
            autoComplete="off"
            required
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </>
      )}
    </Stack>
  );
}
