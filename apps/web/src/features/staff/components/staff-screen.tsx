import { STAFF_TABS, type StaffRow } from "@kantien/domain/people";
import { isAdminRole, STAFF_ROLES } from "@kantien/domain/roles";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/notice";
import { PageHeader, PageTitle } from "../../../components/page-title";
import { errorMessage } from "../../../lib/api-client";
import { focusPageHeading } from "../../../lib/focus";
import { peopleListCodec, useListState } from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import { PeopleFilters } from "../../people/components/people-filters";
import { PersonDeleteConfirm, usePersonDelete } from "../../people/components/person-delete-confirm";
import { useRoleChoices } from "../../people/role-choices";
import { useDeleteStaffMember } from "../api/delete-staff-member";
import { useStaffMembers } from "../api/get-staff-members";
import { useResendInvitation } from "../api/resend-invitation";
import { InviteDialog } from "./invite-dialog";
import { StaffDetailDialog } from "./staff-detail-dialog";
import { StaffEditDialog } from "./staff-edit-dialog";
import { StaffTable } from "./staff-table";

/** Staff management (/staff), 'Bestuur personeel': staff may look, only admin changes. */
export function StaffScreen() {
  const { t } = useTranslation();
  const roleChoices = useRoleChoices(STAFF_ROLES);
  const { user } = useSession();
  const isAdmin = isAdminRole(user?.role_id ?? 0);
  const list = useListState(peopleListCodec(STAFF_ROLES, STAFF_TABS));
  const staff = useStaffMembers(list.params);
  const remove = useDeleteStaffMember();
  const resend = useResendInvitation();

  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const deletion = usePersonDelete<StaffRow>();
  const notify = useNotice();

  const confirmDelete = (target: StaffRow) =>
    remove.mutate(target.id, {
      onSuccess: (answer) => {
        notify({ severity: "success", text: answer.message ?? t("screens.staff.deleted") });
        // The row and its buttons are gone: the list starts again at its heading.
        deletion.focusWhenClosed(focusPageHeading);
      },
      onError: (error) =>
        notify({
          severity: "error",
          text: t("screens.staff.failed", { message: errorMessage(error, t("errors.remove")) }),
        }),
    });

  const resendInvitation = (row: StaffRow) =>
    resend.mutate(row.id, {
      onSuccess: () => notify({ severity: "success", text: t("screens.staff.invite.success") }),
      onError: (error) =>
        notify({
          severity: "error",
          text: t("screens.staff.invite.failed", { message: errorMessage(error, t("errors.add")) }),
        }),
    });

  return (
    <Stack spacing={2}>
      <PageHeader>
        <PageTitle>{t("screens.staff.title")}</PageTitle>
        {isAdmin ? (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
            {t("screens.staff.invite.open")}
          </Button>
        ) : null}
      </PageHeader>
      <PeopleFilters
        texts="screens.staff"
        list={list}
        roles={roleChoices}
        tabs={STAFF_TABS.map((tab) => ({ value: tab, label: t(`screens.staff.tabs.${tab}`) }))}
      />
      <StaffTable
        query={staff}
        list={list}
        canChange={isAdmin}
        ownId={user?.id ?? null}
        resending={resend.isPending ? resend.variables : null}
        onView={(row) => setViewing(row.id)}
        onEdit={(row) => setEditing(row.id)}
        onResend={resendInvitation}
        onDelete={deletion.ask}
      />
      {inviting ? (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={() => {
            setInviting(false);
            notify({ severity: "success", text: t("screens.staff.invite.success") });
          }}
        />
      ) : null}
      {editing ? (
        <StaffEditDialog
          staffId={editing}
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            setEditing(null);
            notify({
              severity: "success",
              text: t("screens.staff.edit.saved", { name: `${row.firstName} ${row.lastName}` }),
            });
          }}
        />
      ) : null}
      {viewing ? <StaffDetailDialog staffId={viewing} onClose={() => setViewing(null)} /> : null}
      <PersonDeleteConfirm texts="screens.staff" state={deletion} onConfirm={confirmDelete} />
    </Stack>
  );
}
