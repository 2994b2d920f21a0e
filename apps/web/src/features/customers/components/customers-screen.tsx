import { CUSTOMER_TABS, type CustomerRow } from "@kantien/domain/people";
import { CUSTOMER_ROLES, isAdminRole } from "@kantien/domain/roles";
import BadgeIcon from "@mui/icons-material/Badge";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import UploadFileIcon from "@mui/icons-material/UploadFile";
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
import { useDeleteCustomer } from "../api/delete-customer";
import { useCustomers } from "../api/get-customers";
import { CustomerDetailDialog } from "./customer-detail-dialog";
import { CustomerDialog } from "./customer-dialog";
import { CustomersTable } from "./customers-table";
import { GuardiansTable } from "./guardians-table";
import { ClassCardsDialog } from "./learner-cards";
import { LearnerImportDialog } from "./learner-import-dialog";

/** The tabs of /users: the customers' own, and (admins) the guardians who act for learners. */
const USERS_TABS = [...CUSTOMER_TABS, "guardians"] as const;

/** Users management (/users), 'Bestuur gebruikers': customers (roles 1 and 2), and guardians for admins. */
export function CustomersScreen() {
  const { t } = useTranslation();
  const roleChoices = useRoleChoices(CUSTOMER_ROLES);
  const { user } = useSession();
  const isAdmin = isAdminRole(user?.role_id ?? 0);
  const list = useListState(peopleListCodec(CUSTOMER_ROLES, USERS_TABS));
  const guardiansTab = isAdmin && list.params.tab === "guardians";
  const customers = useCustomers(
    { ...list.params, tab: list.params.tab === "guardians" ? "all" : list.params.tab },
    !guardiansTab,
  );
  const remove = useDeleteCustomer();

  const [editing, setEditing] = useState<CustomerRow | "new" | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [printingCards, setPrintingCards] = useState(false);
  const deletion = usePersonDelete<CustomerRow>();
  const notify = useNotice();

  const confirmDelete = (target: CustomerRow) =>
    remove.mutate(target.id, {
      onSuccess: (answer) => {
        notify({ severity: "success", text: answer.message ?? t("screens.customers.deleted") });
        // The row and its buttons are gone: the list starts again at its heading.
        deletion.focusWhenClosed(focusPageHeading);
      },
      onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.remove")) }),
    });

  return (
    <Stack spacing={2}>
      <PageHeader>
        <PageTitle>{t("screens.customers.title")}</PageTitle>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", justifyContent: "flex-end" }}>
          {isAdmin ? (
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
              {t("screens.customers.import.open")}
            </Button>
          ) : null}
          {isAdmin ? (
            <Button variant="outlined" startIcon={<BadgeIcon />} onClick={() => setPrintingCards(true)}>
              {t("screens.customers.card.classOpen")}
            </Button>
          ) : null}
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setEditing("new")}>
            {t("screens.customers.add")}
          </Button>
        </Stack>
      </PageHeader>
      <PeopleFilters
        texts="screens.customers"
        list={list}
        roles={roleChoices}
        tabs={(isAdmin ? USERS_TABS : CUSTOMER_TABS).map((tab) => ({
          value: tab,
          label: t(`screens.customers.tabs.${tab}`),
        }))}
      />
      {guardiansTab ? (
        <GuardiansTable
          params={list.params}
          onPage={(page, rows) => list.setPage(page, rows)}
          onLearner={(learnerId) => setViewing(learnerId)}
        />
      ) : (
        <CustomersTable
          query={customers}
          list={list}
          canDelete={isAdmin}
          onView={(row) => setViewing(row.id)}
          onEdit={(row) => setEditing(row)}
          onDelete={deletion.ask}
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
              text: t(created ? "screens.customers.dialog.created" : "screens.customers.dialog.updated", {
                name: `${row.firstName} ${row.lastName}`,
              }),
            });
          }}
        />
      ) : null}
      {viewing ? (
        <CustomerDetailDialog customerId={viewing} isAdmin={isAdmin} onClose={() => setViewing(null)} />
      ) : null}
      {importing ? <LearnerImportDialog onClose={() => setImporting(false)} /> : null}
      {printingCards ? <ClassCardsDialog onClose={() => setPrintingCards(false)} /> : null}
      <PersonDeleteConfirm texts="screens.customers" state={deletion} onConfirm={confirmDelete} />
    </Stack>
  );
}
