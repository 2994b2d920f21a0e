import { STAFF_TABS, type StaffRow } from "@kantien/domain/people";
import { isAdminRole, ROLE, roleName } from "@kantien/domain/roles";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PageTitle } from "../../../components/page-title";
import { SearchField } from "../../../components/search-field";
import { errorMessage } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { readListParams, writeListParams } from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import {
  type StaffListParams,
  useDeleteStaffMember,
  useResendInvitation,
  useStaffMembers,
} from "../api/staff-api";
import { InviteDialog } from "./invite-dialog";
import { StaffDetailDialog } from "./staff-detail-dialog";
import { StaffEditDialog } from "./staff-edit-dialog";
import { StaffTable } from "./staff-table";

type Notice = { severity: "success" | "error"; text: string };

/** Spec §2 Staff management (/staff), 'BESTUUR PERSONEEL': staff may look, only admin changes. */
export function StaffScreen() {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  const { user } = useSession();
  const isAdmin = isAdminRole(user?.role_id ?? 0);
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search, [3, 4] as const, STAFF_TABS);
  const staff = useStaffMembers(params);
  const remove = useDeleteStaffMember();
  const resend = useResendInvitation();

  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StaffRow | null>(null);
  // Kept apart from the target so the dialog's text stays while it closes.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Kept apart from the notice so its text stays while it fades out.
  const [noticeOpen, setNoticeOpen] = useState(false);
  const notify = (next: Notice) => {
    setNotice(next);
    setNoticeOpen(true);
  };

  const change = (next: Partial<StaffListParams>) =>
    // Any filter change starts again at the first page.
    setSearch(writeListParams({ ...params, page: 0, ...next }), { replace: true });

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    setConfirmOpen(false);
    remove.mutate(target.id, {
      onSuccess: (answer) =>
        notify({ severity: "success", text: answer.message ?? t("screens.staff.deleted") }),
      onError: (error) =>
        notify({
          severity: "error",
          text: t("screens.staff.failed", { message: errorMessage(error, t("errors.remove")) }),
        }),
    });
  };

  const resendInvitation = (row: StaffRow) =>
    resend.mutate(row.id, {
      onSuccess: () => notify({ severity: "success", text: t("screens.staff.invite.success") }),
      onError: (error) =>
        notify({
          severity: "error",
          text: t("screens.staff.invite.failed", { message: errorMessage(error, t("errors.add")) }),
        }),
    });

  const filtered = params.q !== "" || params.role !== null || params.tab !== "all";

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
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SearchField label={t("screens.staff.search")} value={params.q} onSearch={(q) => change({ q })} />
        <TextField
          select
          size="small"
          label={t("screens.staff.roleFilter")}
          value={params.role ?? "all"}
          onChange={(event) => {
            const value = event.target.value;
            change({ role: value === "3" ? 3 : value === "4" ? 4 : null });
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="all">{t("screens.staff.allRoles")}</MenuItem>
          <MenuItem value="4">{roleName(ROLE.kitchenAdmin, canteenName)}</MenuItem>
          <MenuItem value="3">{roleName(ROLE.kitchenStaff, canteenName)}</MenuItem>
        </TextField>
      </Stack>
      <Tabs
        value={params.tab}
        onChange={(_event, tab) => change({ tab })}
        aria-label={t("screens.staff.tabsLabel")}
        variant="scrollable"
        allowScrollButtonsMobile
        // Primary blue text fails 4.5:1 on the dark background; the indicator marks the tab.
        sx={{ "& .MuiTab-root.Mui-selected": { color: "text.primary" } }}
      >
        {STAFF_TABS.map((tab) => (
          <Tab key={tab} value={tab} label={t(`screens.staff.tabs.${tab}`)} />
        ))}
      </Tabs>
      {staff.isError ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void staff.refetch()}>{t("screens.users.retry")}</Button>}
        >
          {errorMessage(staff.error, t("errors.load"))}
        </Alert>
      ) : (
        <StaffTable
          page={staff.data}
          loading={staff.isPending}
          fetching={staff.isFetching}
          filtered={filtered}
          params={params}
          canChange={isAdmin}
          ownId={user?.id ?? null}
          resending={resend.isPending ? resend.variables : null}
          onPage={(page, rows) => setSearch(writeListParams({ ...params, page, rows }), { replace: true })}
          onView={(row) => setViewing(row.id)}
          onEdit={(row) => setEditing(row.id)}
          onResend={resendInvitation}
          onDelete={(row) => {
            setDeleting(row);
            setConfirmOpen(true);
          }}
        />
      )}
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
      <ConfirmDialog
        open={confirmOpen}
        title={t("screens.staff.deleteTitle", {
          name: deleting ? `${deleting.firstName} ${deleting.lastName}` : "",
        })}
        message={t("screens.staff.deleteConfirm")}
        confirmLabel={t("screens.staff.delete")}
        cancelLabel={t("common.cancel")}
        destructive
        onCancel={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
      />
      <Snackbar
        open={noticeOpen}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== "clickaway") setNoticeOpen(false);
        }}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      >
        {notice ? (
          <Alert
            severity={notice.severity}
            variant="filled"
            closeText={t("common.close")}
            onClose={() => setNoticeOpen(false)}
          >
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Stack>
  );
}
