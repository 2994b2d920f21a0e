import { zodResolver } from "@hookform/resolvers/zod";
import { inviteUserInput } from "@kantien/domain/auth";
import { ROLE, STAFF_ROLES } from "@kantien/domain/roles";
import Alert from "@mui/material/Alert";
import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { errorMessage } from "../../../lib/api-client";
import { PersonDialogForm } from "../../people/components/person-dialog-form";
import { PersonFormFields } from "../../people/components/person-form-fields";
import { useRoleChoices } from "../../people/role-choices";
import { useInviteStaffMember } from "../api/invite-staff-member";

type FormInput = z.input<typeof inviteUserInput>;
type FormOutput = z.output<typeof inviteUserInput>;

type Props = { onClose: () => void; onInvited: () => void };

/** The /staff invite dialog: the person sets up the account from the mailed link. */
export function InviteDialog({ onClose, onInvited }: Props) {
  const { t } = useTranslation();
  const roleChoices = useRoleChoices(STAFF_ROLES);
  const titleId = useId();
  const invite = useInviteStaffMember();
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
      // 'Kon nie die uitnodiging stuur nie: ' and the server's message; the input stays.
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
        <PersonFormFields wideEmail wideRole roles={roleChoices} />
      </PersonDialogForm>
    </Dialog>
  );
}
