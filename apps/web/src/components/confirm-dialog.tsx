import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { type DialogTransitionEvents, focusOnMount } from "../lib/focus";

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Destructive actions confirm in red. */
  destructive?: boolean;
  /** When the dialog starts to show and has faded out (lib/focus.ts `useFocusAfterDialog`). */
  transition?: DialogTransitionEvents;
};

export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      role="alertdialog"
      slotProps={{ transition: props.transition }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{props.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} ref={focusOnMount}>
          {props.cancelLabel}
        </Button>
        <Button onClick={props.onConfirm} variant="contained" color={props.destructive ? "error" : "primary"}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
