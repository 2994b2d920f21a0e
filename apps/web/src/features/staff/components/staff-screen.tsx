import { STAFF_TABS, type StaffRow } from "@kantien/domain/people";
import { isAdminRole, ROLE } from "@kantien/domain/roles";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/notice";
import { PageTitle } from "../../../components/page-title";
import { PeopleFilters } from "../../../components/people-filters";
import { PersonDeleteConfirm, usePersonDelete } from "../../../components/person-delete-confirm";
import { errorMessage } from "../../../lib/api-client";
import { useListState } from "../../../lib/list-params";
import { useRoleLabel } from "../../../lib/role-label";
import { useSession } from "../../../lib/session";
import { useDeleteStaffMember, useResendInvitation, useStaffMembers } from "../api/staff-api";
import { InviteDialog } from "./invite-dialog";
import { StaffDetailDialog } from "./staff-detail-dialog";
import { StaffEditDialog } from "./staff-edit-dialog";
import { StaffTable } from "./staff-table";

/** Spec §2 Staff management (/staff), 'BESTUUR PERSONEEL': staff may look, only admin changes. */
export function StaffScreen() {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const { user } = useSession();
  const isAdmin = isAdminRole(user?.role_id ?? 0);
  const list = useListState([3, 4] as const, STAFF_TABS);
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
      onSuccess: (answer) =>
        notify({ severity: "success", text: answer.message ?? t("screens.staff.deleted") }),
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
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2 }}>
        <PageTitle>{t("screens.staff.title")}</PageTitle>
        {isAdmin ? (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
            {t("screens.staff.invite.open")}
          </Button>
        ) : null}
      </Box>
      <PeopleFilters
        texts="screens.staff"
        list={list}
        roles={[
          { value: 4, label: roleLabel(ROLE.kitchenAdmin) },
          { value: 3, label: roleLabel(ROLE.kitchenStaff) },
        ]}
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
