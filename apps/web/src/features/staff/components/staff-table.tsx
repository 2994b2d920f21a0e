import type { StaffRow } from "@kantien/domain/people";
import SendIcon from "@mui/icons-material/ForwardToInboxOutlined";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Page } from "../../../lib/list-params";
import { useRoleLabel } from "../../../lib/role-label";
import { type PeopleListState, PeopleTable, RowAction } from "../../people/components/people-table";

type StaffTableProps = {
  query: UseQueryResult<Page<StaffRow>>;
  list: PeopleListState;
  /** Admin: edit, resend and delete; staff members only look. */
  canChange: boolean;
  /** The signed-in admin: nobody removes their own account. */
  ownId: string | null;
  /** The id whose invitation is being sent again. */
  resending: string | null;
  onView: (row: StaffRow) => void;
  onEdit: (row: StaffRow) => void;
  onResend: (row: StaffRow) => void;
  onDelete: (row: StaffRow) => void;
};

export function StaffTable(props: StaffTableProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();

  return (
    <PeopleTable
      texts="screens.staff"
      query={props.query}
      list={props.list}
      secondary={(row) => (
        <>
          <Typography variant="caption" color="text.secondary" component="p">
            {row.employeeNumber
              ? t("screens.staff.employeeNumber", { number: row.employeeNumber })
              : t("screens.staff.noEmployeeNumber")}
          </Typography>
          {row.invitationPending ? (
            <Chip
              size="small"
              color="warning"
              label={t("screens.staff.invitationPending")}
              sx={{ mt: 0.5 }}
            />
          ) : null}
        </>
      )}
      role={(row) => ({
        label: roleLabel(row.roleId),
        color: row.roleId === 4 ? "primary" : "default",
      })}
      onView={props.onView}
      edit={props.canChange ? { title: t("screens.staff.editAction"), onEdit: props.onEdit } : undefined}
      moreActions={(row, name) =>
        props.canChange && row.invitationPending ? (
          <RowAction
            title={t("screens.staff.resend")}
            label={t("screens.staff.resendNamed", { name })}
            icon={<SendIcon fontSize="small" />}
            disabled={props.resending === row.id}
            onClick={() => props.onResend(row)}
          />
        ) : null
      }
      canDelete={(row) => props.canChange && row.id !== props.ownId}
      onDelete={props.onDelete}
    />
  );
}
