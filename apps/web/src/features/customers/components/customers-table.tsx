import type { CustomerRow } from "@kantien/domain/people";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Page } from "../../../lib/list-params";
import { type PeopleListState, PeopleTable } from "../../people/components/people-table";

type CustomersTableProps = {
  query: UseQueryResult<Page<CustomerRow>>;
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
      texts="screens.customers"
      query={props.query}
      list={props.list}
      secondary={(row) => (
        <>
          <Typography variant="caption" color="text.secondary">
            {row.akdNumber
              ? t("screens.customers.akdNumber", { number: row.akdNumber })
              : t("screens.customers.noAkdNumber")}
          </Typography>
          {row.guardians?.length ? (
            <Typography variant="caption" color="text.secondary" component="p">
              {t("screens.customers.guardianNames", {
                names: row.guardians.map((guardian) => guardian.name).join(", "),
              })}
            </Typography>
          ) : null}
        </>
      )}
      role={(row) => ({
        label: t(row.roleId === 1 ? "roles.names.student" : "roles.names.academyStaff"),
        color: row.roleId === 1 ? "primary" : "default",
      })}
      onView={props.onView}
      edit={{ title: t("screens.customers.edit"), onEdit: props.onEdit }}
      canDelete={() => props.canDelete}
      onDelete={props.onDelete}
    />
  );
}
