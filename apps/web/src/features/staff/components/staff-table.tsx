import type { StaffRow } from "@kantien/domain/people";
import { roleName } from "@kantien/domain/roles";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/EditOutlined";
import SendIcon from "@mui/icons-material/ForwardToInboxOutlined";
import ViewIcon from "@mui/icons-material/VisibilityOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { PersonAvatar } from "../../../components/person-avatar";
import { useAppConfig } from "../../../lib/app-config";
import { ROWS_PER_PAGE_OPTIONS } from "../../../lib/list-params";
import type { StaffListParams, StaffPage } from "../api/staff-api";

type StaffTableProps = {
  page: StaffPage | undefined;
  loading: boolean;
  fetching: boolean;
  filtered: boolean;
  params: StaffListParams;
  /** Admin: edit, resend and delete; staff members only look. */
  canChange: boolean;
  /** The signed-in admin: nobody removes their own account. */
  ownId: string | null;
  /** The id whose invitation is being sent again. */
  resending: string | null;
  onPage: (page: number, rows: number) => void;
  onView: (row: StaffRow) => void;
  onEdit: (row: StaffRow) => void;
  onResend: (row: StaffRow) => void;
  onDelete: (row: StaffRow) => void;
};

export function StaffTable(props: StaffTableProps) {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  const { page, params } = props;
  const rows = page?.rows ?? [];

  if (props.loading) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 6 }}>
        <CircularProgress aria-label={t("screens.staff.loading")} />
      </Box>
    );
  }

  return (
    <Paper variant="outlined">
      {/* The previous page stays while the next loads; the bar says it is coming. */}
      <Box sx={{ height: 4 }}>{props.fetching ? <LinearProgress aria-hidden="true" /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label={t("screens.staff.tableLabel")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("screens.staff.columns.name")}</TableCell>
              <TableCell>{t("screens.staff.columns.email")}</TableCell>
              <TableCell>{t("screens.staff.columns.phone")}</TableCell>
              <TableCell>{t("screens.staff.columns.role")}</TableCell>
              <TableCell align="right">{t("screens.staff.columns.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const name = `${row.firstName} ${row.lastName}`;
              return (
                <TableRow key={row.id} hover>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                      <PersonAvatar firstName={row.firstName} lastName={row.lastName} />
                      <Box>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {name}
                        </Typography>
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
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ wordBreak: "break-all" }}>{row.email}</TableCell>
                  <TableCell>
                    {row.phoneNumber ?? (
                      <Typography variant="body2" color="text.secondary" component="span">
                        {t("common.notSpecified")}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={row.roleId === 4 ? "secondary" : "primary"}
                      label={roleName(row.roleId, canteenName)}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    <Tooltip title={t("screens.staff.view")}>
                      <IconButton
                        size="small"
                        aria-label={t("screens.staff.viewNamed", { name })}
                        onClick={() => props.onView(row)}
                      >
                        <ViewIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {props.canChange ? (
                      <Tooltip title={t("screens.staff.editAction")}>
                        <IconButton
                          size="small"
                          aria-label={t("screens.staff.editNamed", { name })}
                          onClick={() => props.onEdit(row)}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                    {props.canChange && row.invitationPending ? (
                      <Tooltip title={t("screens.staff.resend")}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t("screens.staff.resendNamed", { name })}
                            disabled={props.resending === row.id}
                            onClick={() => props.onResend(row)}
                          >
                            <SendIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    ) : null}
                    {props.canChange && row.id !== props.ownId ? (
                      <Tooltip title={t("screens.staff.delete")}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={t("screens.staff.deleteNamed", { name })}
                          onClick={() => props.onDelete(row)}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} sx={{ py: 6, textAlign: "center" }}>
                  <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                    {props.filtered ? t("screens.staff.noMatches") : t("screens.staff.empty")}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {props.filtered ? t("screens.staff.noMatchesBody") : t("screens.staff.emptyBody")}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={page?.total ?? 0}
        page={page && params.page * params.rows >= page.total ? 0 : params.page}
        rowsPerPage={params.rows}
        rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
        onPageChange={(_event, next) => props.onPage(next, params.rows)}
        onRowsPerPageChange={(event) => props.onPage(0, Number(event.target.value))}
        labelRowsPerPage={t("common.rowsPerPage")}
        labelDisplayedRows={({ from, to, count }) => t("common.displayedRows", { from, to, count })}
        getItemAriaLabel={(type) => t(`common.pageLabels.${type}`)}
      />
    </Paper>
  );
}
