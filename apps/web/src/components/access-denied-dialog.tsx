import { message } from "@kantien/domain/messages";
import { ROUTES } from "@kantien/domain/route-access";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { focusOnMount } from "../lib/focus";
import { currentLanguage } from "../lib/i18n";
import { useRoleLabel } from "../lib/role-label";
import { DetailsTable } from "./details-table";

export type DeniedUser = { first_name: string; last_name: string; email: string; role_id: number };

type AccessDeniedDialogProps = {
  user: DeniedUser | null;
  onClose: () => void;
};

/**
 * The back office's sign-in refuses customers: who signed in (by name and role, never a role number), that this
 * sign-in is for the canteen's staff, and the way to the ordering app (/my/login).
 */
export function AccessDeniedDialog({ user, onClose }: AccessDeniedDialogProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const titleId = useId();
  const noteId = useId();
  const rows: [string, string][] = user
    ? [
        [t("accessDenied.name"), `${user.first_name} ${user.last_name}`],
        [t("accessDenied.email"), user.email],
        [t("accessDenied.role"), roleLabel(user.role_id)],
      ]
    : [];
  return (
    <Dialog open={user !== null} aria-labelledby={titleId} aria-describedby={noteId} role="alertdialog">
      <DialogTitle id={titleId}>{t("accessDenied.title")}</DialogTitle>
      <DialogContent>
        <DetailsTable rows={rows} sx={{ mb: 2 }} />
        <Typography id={noteId}>{message("unauthorized_role", currentLanguage())}</Typography>
        <Typography sx={{ mt: 1 }}>{t("accessDenied.orderingAppNote")}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" onClick={onClose} ref={focusOnMount}>
          {t("accessDenied.close")}
        </Button>
        <Button component={RouterLink} to={ROUTES.myLogin} variant="contained">
          {t("accessDenied.orderingApp")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
