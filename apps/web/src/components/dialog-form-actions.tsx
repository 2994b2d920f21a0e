import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "./submit-button";

type DialogFormActionsProps = {
  onCancel: () => void;
  submitting: boolean;
  label: string;
  submittingLabel: string;
};

/** A form dialog's 'Kanselleer' and submit buttons; the submit shows progress while it runs. */
export function DialogFormActions({ onCancel, submitting, label, submittingLabel }: DialogFormActionsProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel}>{t("common.cancel")}</Button>
      <SubmitButton size="medium" submitting={submitting} label={label} submittingLabel={submittingLabel} />
    </DialogActions>
  );
}
