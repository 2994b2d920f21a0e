import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId, useState } from "react";
import { focusOnMount } from "../lib/focus";

/** As the server's rules for a reason: 3 to 200 characters. */
const REASON_MIN = 3;
const REASON_MAX = 200;

type ReasonDialogProps = {
  title: string;
  /** What the action does, above the reason. */
  text: string;
  /** What it is done to (the bank's line, say), above the text. */
  summary?: ReactNode;
  reasonLabel: string;
  /** Reasons often given: a tap fills the field, which stays editable. */
  suggestions?: { label: string; reasons: string[] };
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  pending: boolean;
  /** The server's refusal, shown in place; what was typed stays. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/** A destructive action that asks why first (a reversal, a dismissal, a cancel): the reason, then red. */
export function ReasonDialog(props: ReasonDialogProps) {
  const titleId = useId();
  const [reason, setReason] = useState("");
  const tooShort = reason.trim().length < REASON_MIN;
  return (
    <Dialog
      open
      onClose={props.pending ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooShort) props.onConfirm(reason.trim());
        }}
      >
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {props.summary}
            <Typography>{props.text}</Typography>
            {props.error ? <Alert severity="error">{props.error}</Alert> : null}
            {props.suggestions ? (
              <Stack
                direction="row"
                role="group"
                aria-label={props.suggestions.label}
                sx={{ flexWrap: "wrap", gap: 1 }}
              >
                {props.suggestions.reasons.map((suggestion) => (
                  <Chip
                    key={suggestion}
                    label={suggestion}
                    variant={reason === suggestion ? "filled" : "outlined"}
                    color={reason === suggestion ? "primary" : "default"}
                    aria-pressed={reason === suggestion}
                    onClick={() => setReason(suggestion)}
                    disabled={props.pending}
                  />
                ))}
              </Stack>
            ) : null}
            <TextField
              inputRef={focusOnMount}
              required
              label={props.reasonLabel}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={props.pending}>
            {props.cancelLabel}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={tooShort || props.pending}>
            {props.pending ? props.pendingLabel : props.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
