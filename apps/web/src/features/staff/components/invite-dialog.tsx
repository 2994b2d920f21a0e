import { zodResolver } from "@hookform/resolvers/zod";
import { inviteUserInput } from "@kantien/domain/auth";
import { ROLE } from "@kantien/domain/roles";
import Alert from "@mui/material/Alert";
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { PersonDialogForm } from "../../../components/person-dialog-form";
import { PersonFormFields } from "../../../components/person-form-fields";
import { errorMessage } from "../../../lib/api-client";
import { useRoleLabel } from "../../../lib/role-label";
import { useInviteStaff } from "../api/staff-api";
import { staffRoleChoices } from "./staff-roles";

type FormInput = z.input<typeof inviteUserInput>;
type FormOutput = z.output<typeof inviteUserInput>;

type Props = { onClose: () => void; onInvited: () => void };

/** Spec §2 /staff invite dialog: the person sets up the account from the mailed link. */
export function InviteDialog({ onClose, onInvited }: Props) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const titleId = useId();
  const invite = useInviteStaff();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(inviteUserInput),
    defaultValues: { firstName: "", lastName: "", email: "", roleId: ROLE.kitchenStaff },
  });
  const { handleSubmit } = form;

  const onValid = (body: FormOutput) => {
    setFailure(null);
    invite.mutate(body, {
      onSuccess: onInvited,
      // Spec §8: 'Kon nie uitnodiging stuur nie: ' and the server's message; the input stays.
      onError: (error) =>
        setFailure(t("screens.staff.invite.failed", { message: errorMessage(error, t("errors.add")) })),
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <PersonDialogForm
        form={form}
        onSubmit={handleSubmit(onValid)}
        title={<DialogTitle id={titleId}>{t("screens.staff.invite.title")}</DialogTitle>}
        notice={
          <Alert severity="info" sx={{ mb: 2 }}>
            {t("screens.staff.invite.notice")}
          </Alert>
        }
        failure={failure}
        submitting={invite.isPending}
        label={t("screens.staff.invite.send")}
        submittingLabel={t("screens.staff.invite.sending")}
        onCancel={onClose}
      >
        <PersonFormFields wideEmail wideRole roles={staffRoleChoices(roleLabel)} />
      </PersonDialogForm>
    </Dialog>
  );
}
