import { CUSTOMER_TABS, type CustomerRow } from "@kantien/domain/people";
import { isAdminRole } from "@kantien/domain/roles";
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
import { readListParams, writeListParams } from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import { type CustomerListParams, useCustomers, useDeleteCustomer } from "../api/customers-api";
import { CustomerDetailDialog } from "./customer-detail-dialog";
import { CustomerDialog } from "./customer-dialog";
import { CustomersTable } from "./customers-table";

type Notice = { severity: "success" | "error"; text: string };

/** Spec §2 Users management (/users), 'BESTUUR GEBRUIKERS': customers (roles 1 and 2). */
export function UsersScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isAdmin = isAdminRole(user?.role_id ?? 0);
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search, [1, 2] as const, CUSTOMER_TABS);
  const customers = useCustomers(params);
  const remove = useDeleteCustomer();

  const [editing, setEditing] = useState<CustomerRow | "new" | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CustomerRow | null>(null);
  // Kept apart from the target so the dialog's text stays while it closes.
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Kept apart from the notice so its text stays while it fades out.
  const [noticeOpen, setNoticeOpen] = useState(false);
  const notify = (next: Notice) => {
    setNotice(next);
    setNoticeOpen(true);
  };

  const change = (next: Partial<CustomerListParams>) =>
    // Any filter change starts again at the first page.
    setSearch(writeListParams({ ...params, page: 0, ...next }), { replace: true });

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    setConfirmOpen(false);
    remove.mutate(target.id, {
      onSuccess: (answer) =>
        notify({ severity: "success", text: answer.message ?? t("screens.users.deleted") }),
      onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.remove")) }),
    });
  };

  const filtered = params.q !== "" || params.role !== null || params.tab !== "all";

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2 }}>
        <PageTitle>{t("screens.users.title")}</PageTitle>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setEditing("new")}>
          {t("screens.users.add")}
        </Button>
      </Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <SearchField label={t("screens.users.search")} value={params.q} onSearch={(q) => change({ q })} />
        <TextField
          select
          size="small"
          label={t("screens.users.roleFilter")}
          value={params.role ?? "all"}
          onChange={(event) => {
            const value = event.target.value;
            change({ role: value === "1" ? 1 : value === "2" ? 2 : null });
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="all">{t("screens.users.allRoles")}</MenuItem>
          <MenuItem value="1">{t("roles.names.student")}</MenuItem>
          <MenuItem value="2">{t("roles.names.academyStaff")}</MenuItem>
        </TextField>
      </Stack>
      <Tabs
        value={params.tab}
        onChange={(_event, tab) => change({ tab })}
        aria-label={t("screens.users.tabsLabel")}
        variant="scrollable"
        allowScrollButtonsMobile
        // Primary blue text fails 4.5:1 on the dark background; the indicator marks the tab.
        sx={{ "& .MuiTab-root.Mui-selected": { color: "text.primary" } }}
      >
        {CUSTOMER_TABS.map((tab) => (
          <Tab key={tab} value={tab} label={t(`screens.users.tabs.${tab}`)} />
        ))}
      </Tabs>
      {customers.isError ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void customers.refetch()}>{t("screens.users.retry")}</Button>}
        >
          {errorMessage(customers.error, t("errors.load"))}
        </Alert>
      ) : (
        <CustomersTable
          page={customers.data}
          loading={customers.isPending}
          fetching={customers.isFetching}
          filtered={filtered}
          params={params}
          canDelete={isAdmin}
          onPage={(page, rows) => setSearch(writeListParams({ ...params, page, rows }), { replace: true })}
          onView={(row) => setViewing(row.id)}
          onEdit={(row) => setEditing(row)}
          onDelete={(row) => {
            setDeleting(row);
            setConfirmOpen(true);
          }}
        />
      )}
      {editing ? (
        <CustomerDialog
          customer={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(row, created) => {
            setEditing(null);
            notify({
              severity: "success",
              text: t(created ? "screens.users.dialog.created" : "screens.users.dialog.updated", {
                name: `${row.firstName} ${row.lastName}`,
              }),
            });
          }}
        />
      ) : null}
      {viewing ? (
        <CustomerDetailDialog customerId={viewing} canTopUp={isAdmin} onClose={() => setViewing(null)} />
      ) : null}
      <ConfirmDialog
        open={confirmOpen}
        title={t("screens.users.deleteTitle", {
          name: deleting ? `${deleting.firstName} ${deleting.lastName}` : "",
        })}
        message={t("screens.users.deleteConfirm")}
        confirmLabel={t("screens.users.delete")}
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
