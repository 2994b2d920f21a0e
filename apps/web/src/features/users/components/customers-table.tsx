import type { CustomerRow } from "@kantien/domain/people";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type PeopleListState, PeopleTable } from "../../../components/people-table";
import type { CustomersPage } from "../api/customers-api";

type CustomersTableProps = {
  query: UseQueryResult<CustomersPage>;
  list: PeopleListState;
  canDelete: boolean;
  onView: (row: CustomerRow) => void;
  onEdit: (row: CustomerRow) => void;
  onDelete: (row: CustomerRow) => void;
};

export function CustomersTable(props: CustomersTableProps) {
  const { t } = useTranslation();

  return (
    <PeopleTable
      texts="screens.users"
      query={props.query}
      list={props.list}
      secondary={(row) => (
        <Typography variant="caption" color="text.secondary">
          {row.akdNumber
            ? t("screens.users.akdNumber", { number: row.akdNumber })
            : t("screens.users.noAkdNumber")}
        </Typography>
      )}
      role={(row) => ({
        label: t(row.roleId === 1 ? "roles.names.student" : "roles.names.academyStaff"),
        color: row.roleId === 1 ? "primary" : "secondary",
      })}
      onView={props.onView}
      edit={{ title: t("screens.users.edit"), onEdit: props.onEdit }}
      canDelete={() => props.canDelete}
      onDelete={props.onDelete}
    />
  );
}
