import { CUSTOMER_TABS, type CustomerRow } from "@kantien/domain/people";
import { isAdminRole } from "@kantien/domain/roles";
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
import { useSession } from "../../../lib/session";
import { useCustomers, useDeleteCustomer } from "../api/customers-api";
import { CustomerDetailDialog } from "./customer-detail-dialog";
import { CustomerDialog } from "./customer-dialog";
import { CustomersTable } from "./customers-table";

/** Spec §2 Users management (/users), 'BESTUUR GEBRUIKERS': customers (roles 1 and 2). */
export function UsersScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isAdmin = isAdminRole(user?.role_id ?? 0);
  const list = useListState([1, 2] as const, CUSTOMER_TABS);
  const customers = useCustomers(list.params);
  const remove = useDeleteCustomer();

  const [editing, setEditing] = useState<CustomerRow | "new" | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const deletion = usePersonDelete<CustomerRow>();
  const notify = useNotice();

  const confirmDelete = (target: CustomerRow) =>
    remove.mutate(target.id, {
      onSuccess: (answer) =>
        notify({ severity: "success", text: answer.message ?? t("screens.users.deleted") }),
      onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.remove")) }),
    });

  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2 }}>
        <PageTitle>{t("screens.users.title")}</PageTitle>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setEditing("new")}>
          {t("screens.users.add")}
        </Button>
      </Box>
      <PeopleFilters
        texts="screens.users"
        list={list}
        roles={[
          { value: 1, label: t("roles.names.student") },
          { value: 2, label: t("roles.names.academyStaff") },
        ]}
        tabs={CUSTOMER_TABS.map((tab) => ({ value: tab, label: t(`screens.users.tabs.${tab}`) }))}
      />
      <CustomersTable
        query={customers}
        list={list}
        canDelete={isAdmin}
        onView={(row) => setViewing(row.id)}
        onEdit={(row) => setEditing(row)}
        onDelete={deletion.ask}
      />
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
        <CustomerDetailDialog
          customerId={viewing}
          canTopUp={isAdmin}
          canOpenOrders={isAdmin}
          onClose={() => setViewing(null)}
        />
      ) : null}
      <PersonDeleteConfirm texts="screens.users" state={deletion} onConfirm={confirmDelete} />
    </Stack>
  );
}
