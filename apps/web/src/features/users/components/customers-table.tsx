import type { CustomerRow } from "@kantien/domain/people";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import EditIcon from "@mui/icons-material/EditOutlined";
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
import { ROWS_PER_PAGE_OPTIONS } from "../../../lib/list-params";
import type { CustomerListParams, CustomersPage } from "../api/customers-api";

type CustomersTableProps = {
  page: CustomersPage | undefined;
  loading: boolean;
  fetching: boolean;
  filtered: boolean;
  params: CustomerListParams;
  canDelete: boolean;
  onPage: (page: number, rows: number) => void;
  onView: (row: CustomerRow) => void;
  onEdit: (row: CustomerRow) => void;
  onDelete: (row: CustomerRow) => void;
};

export function CustomersTable(props: CustomersTableProps) {
  const { t } = useTranslation();
  const { page, params } = props;
  const rows = page?.rows ?? [];

  if (props.loading) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 6 }}>
        <CircularProgress aria-label={t("screens.users.loading")} />
      </Box>
    );
  }

  return (
    <Paper variant="outlined">
      {/* The previous page stays while the next loads; the bar says it is coming. */}
      <Box sx={{ height: 4 }}>{props.fetching ? <LinearProgress aria-hidden="true" /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label={t("screens.users.tableLabel")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("screens.users.columns.name")}</TableCell>
              <TableCell>{t("screens.users.columns.email")}</TableCell>
              <TableCell>{t("screens.users.columns.phone")}</TableCell>
              <TableCell>{t("screens.users.columns.role")}</TableCell>
              <TableCell align="right">{t("screens.users.columns.actions")}</TableCell>
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
                        <Typography variant="caption" color="text.secondary">
                          {row.akdNumber
                            ? t("screens.users.akdNumber", { number: row.akdNumber })
                            : t("screens.users.noAkdNumber")}
                        </Typography>
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
                      color={row.roleId === 1 ? "primary" : "secondary"}
                      label={t(row.roleId === 1 ? "roles.names.student" : "roles.names.academyStaff")}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    <Tooltip title={t("screens.users.view")}>
                      <IconButton
                        size="small"
                        aria-label={t("screens.users.viewNamed", { name })}
                        onClick={() => props.onView(row)}
                      >
                        <ViewIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("screens.users.edit")}>
                      <IconButton
                        size="small"
                        aria-label={t("screens.users.editNamed", { name })}
                        onClick={() => props.onEdit(row)}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {props.canDelete ? (
                      <Tooltip title={t("screens.users.delete")}>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={t("screens.users.deleteNamed", { name })}
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
                    {props.filtered ? t("screens.users.noMatches") : t("screens.users.empty")}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {props.filtered ? t("screens.users.noMatchesBody") : t("screens.users.emptyBody")}
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
