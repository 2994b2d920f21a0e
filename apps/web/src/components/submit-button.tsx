import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useRef } from "react";
import { useFocusBackAfter } from "../lib/focus";

/** A form's submit button that shows progress while the request runs. */
export function SubmitButton(props: {
  submitting: boolean;
  label: string;
  submittingLabel: string;
  /** Large on the sign-in forms; medium in dialogs. */
  size?: "medium" | "large";
}) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusBackAfter(props.submitting, ref);
  return (
    <Button
      ref={ref}
      type="submit"
      variant="contained"
      size={props.size ?? "large"}
      disabled={props.submitting}
      startIcon={props.submitting ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
    >
      {props.submitting ? props.submittingLabel : props.label}
    </Button>
  );
}
