import { formatRand } from "@kantien/domain/money";
import type { PeopleSort } from "@kantien/domain/people";
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
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactElement, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list-pagination";
import { LoadError } from "../../../components/load-error";
import { isFromControl, stickyEnd, useBelow } from "../../../components/responsive-table";
import type { ListParams, ListState } from "../../../lib/list-params";
import { PersonAvatar } from "./person-avatar";

/**
 * Where a people screen's texts live (/users and /staff share their shape): `loading`,
 * `tableLabel`, `columns.*`, `empty`, `emptyBody`, `noMatches`, `noMatchesBody`, `view`,
 * `viewNamed`, `editNamed`, `delete`, `deleteNamed`, `search`, `roleFilter`, `allRoles`,
 * `tabsLabel` and `tabs.*`.
 */
export type PeopleTexts = "screens.customers" | "screens.staff";

/** What every row of a people list has (people.ts: CustomerRow, StaffRow). */
export type PersonRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  /** Wallet balance in rand, decimal string. */
  balance: string;
};

/** What the table needs of a list's state (lib/list-params.ts `useListState`). */
export type PeopleListState = Pick<
  ListState<ListParams<number, string>>,
  "params" | "filtered" | "setPage"
> & {
  /** The table changes only the order itself. */
  change: (next: { sort: PeopleSort }) => void;
};

/** The balance column's header cycles: by name, lowest balance first, highest first, by name. */
const NEXT_SORT: Record<PeopleSort, PeopleSort> = {
  name: "balance",
  balance: "-balance",
  "-balance": "name",
};

type PeopleTableProps<Row extends PersonRow> = {
  texts: PeopleTexts;
  /** One page of the server-searched list. */
  query: UseQueryResult<{ rows: Row[]; total: number }>;
  /** The list's page and filters (a filtered empty list says nothing matched). */
  list: PeopleListState;
  /** The line(s) under the name. */
  secondary: (row: Row) => ReactNode;
  /** A role's chip: outlined and calm (red is kept for what needs attention). */
  role: (row: Row) => { label: string; color: "primary" | "default" };
  onView: (row: Row) => void;
  /** Left out: no edit button. */
  edit?: { title: string; onEdit: (row: Row) => void };
  /** Buttons between edit and delete. */
  moreActions?: (row: Row, name: string) => ReactNode;
  /** Left out, or false for a row: no delete button. */
  canDelete?: (row: Row) => boolean;
  onDelete?: (row: Row) => void;
};

/** A paged list of people (/users and /staff): name, e-mail, phone, role and actions. */
export function PeopleTable<Row extends PersonRow>(props: PeopleTableProps<Row>) {
  const { t } = useTranslation();
  const { query, texts } = props;
  const { params, filtered, setPage, change } = props.list;
  const page = query.data;
  const rows = page?.rows ?? [];
  const phone = useBelow("sm");
  const tablet = useBelow("md");

  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }

  if (query.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 6 }}>
        <CircularProgress aria-label={t(`${texts}.loading`)} />
      </Box>
    );
  }

  return (
    <Paper variant="outlined">
      {/* The previous page stays while the next loads; the bar says it is coming. */}
      <Box sx={{ height: 4 }}>{query.isFetching ? <LinearProgress aria-hidden="true" /> : null}</Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={t(`${texts}.tableLabel`)}
          // A phone's two columns need the width more than the cells' side padding does.
          sx={phone ? { "& .MuiTableCell-root": { px: 1 } } : undefined}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t(`${texts}.columns.name`)}</TableCell>
              {phone ? null : <TableCell>{t(`${texts}.columns.email`)}</TableCell>}
              {tablet ? null : <TableCell>{t(`${texts}.columns.phone`)}</TableCell>}
              {phone ? null : <TableCell>{t(`${texts}.columns.role`)}</TableCell>}
              {/* A phone's row has room for the name and the actions only: the balance goes under the name. */}
              {phone ? null : (
                <TableCell
                  align="right"
                  sortDirection={params.sort === "name" ? false : params.sort === "balance" ? "asc" : "desc"}
                >
                  <TableSortLabel
                    active={params.sort !== "name"}
                    direction={params.sort === "-balance" ? "desc" : "asc"}
                    onClick={() => change({ sort: NEXT_SORT[params.sort] })}
                    aria-label={t(`${texts}.sortByBalance`)}
                  >
                    {t(`${texts}.columns.balance`)}
                  </TableSortLabel>
                </TableCell>
              )}
              <TableCell align="right" sx={stickyEnd}>
                {t(`${texts}.columns.actions`)}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const name = `${row.firstName} ${row.lastName}`;
              const role = props.role(row);
              return (
                <TableRow
                  key={row.id}
                  hover
                  // The whole row opens the person; the view button is the keyboard's way in.
                  onClick={(event) => {
                    if (!isFromControl(event)) props.onView(row);
                  }}
                  // Focusable by a click, so a dialog opened from the row gives focus back to it.
                  tabIndex={-1}
                  sx={{ cursor: "pointer" }}
                >
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", minWidth: 0 }}>
                      <PersonAvatar firstName={row.firstName} lastName={row.lastName} />
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {name}
                        </Typography>
                        {props.secondary(row)}
                        {/* A phone has no room for the e-mail and role columns: they show here. */}
                        {phone ? (
                          <>
                            <Typography variant="caption" component="p" sx={{ overflowWrap: "anywhere" }}>
                              {row.email}
                            </Typography>
                            <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
                              {t(`${texts}.columns.balance`)} {formatRand(row.balance)}
                            </Typography>
                            <Chip
                              size="small"
                              variant="outlined"
                              color={role.color}
                              label={role.label}
                              sx={{ mt: 0.5 }}
                            />
                          </>
                        ) : null}
                      </Box>
                    </Stack>
                  </TableCell>
                  {phone ? null : <TableCell sx={{ wordBreak: "break-all" }}>{row.email}</TableCell>}
                  {tablet ? null : (
                    <TableCell>
                      {row.phoneNumber ?? (
                        <Typography variant="body2" color="text.secondary" component="span">
                          {t("common.notSpecified")}
                        </Typography>
                      )}
                    </TableCell>
                  )}
                  {phone ? null : (
                    <TableCell>
                      <Chip size="small" variant="outlined" color={role.color} label={role.label} />
                    </TableCell>
                  )}
                  {phone ? null : (
                    <TableCell
                      align="right"
                      sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}
                    >
                      {formatRand(row.balance)}
                    </TableCell>
                  )}
                  <TableCell align="right" sx={{ ...stickyEnd, whiteSpace: "nowrap" }}>
                    <RowAction
                      title={t(`${texts}.view`)}
                      label={t(`${texts}.viewNamed`, { name })}
                      icon={<ViewIcon fontSize="small" />}
                      onClick={() => props.onView(row)}
                    />
                    {props.edit ? (
                      <RowAction
                        title={props.edit.title}
                        label={t(`${texts}.editNamed`, { name })}
                        icon={<EditIcon fontSize="small" />}
                        onClick={() => props.edit?.onEdit(row)}
                      />
                    ) : null}
                    {props.moreActions?.(row, name)}
                    {props.onDelete && props.canDelete?.(row) ? (
                      <RowAction
                        title={t(`${texts}.delete`)}
                        label={t(`${texts}.deleteNamed`, { name })}
                        icon={<DeleteIcon fontSize="small" />}
                        onClick={() => props.onDelete?.(row)}
                      />
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} sx={{ py: 6, textAlign: "center" }}>
                  <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                    {filtered ? t(`${texts}.noMatches`) : t(`${texts}.empty`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {filtered ? t(`${texts}.noMatchesBody`) : t(`${texts}.emptyBody`)}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        total={page?.total}
        page={params.page}
        rows={params.rows}
        onPageChange={(next) => setPage(next, params.rows)}
        onRowsChange={(rows) => setPage(0, rows)}
      />
    </Paper>
  );
}

type RowActionProps = {
  /** The tooltip. */
  title: string;
  /** The button's name for screen readers, with the person's name. */
  label: string;
  icon: ReactElement;
  onClick: () => void;
  color?: "error";
  /** Given (even false): the button may be disabled, so the tooltip needs a wrapper to listen on. */
  disabled?: boolean;
};

/** An icon button with a tooltip in a people row's actions. */
export function RowAction({ title, label, icon, onClick, color, disabled }: RowActionProps) {
  const button = (
    <IconButton size="small" color={color} aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
  return <Tooltip title={title}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>;
}
