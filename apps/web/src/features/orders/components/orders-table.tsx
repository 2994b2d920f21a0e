import { todayIn } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import { formatRand } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import type { OrderSort, OrderSummaryRow } from "@kantien/domain/orders-summary";
import AddIcon from "@mui/icons-material/Add";
import WarningAmber from "@mui/icons-material/WarningAmber";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list-pagination";
import { isFromControl, stickyEnd, useBelow } from "../../../components/responsive-table";
import { StatusChip } from "../../../components/status-chip";
import { allergenList } from "../../../lib/allergen-words";
import { allergyAlertWords } from "../../../lib/allergy-alert-words";
import { formatShortDate } from "../../../lib/format";
import type { Page } from "../../../lib/list-params";
import type { OrdersFilters } from "../orders-filters";

type OrdersTableProps = {
  page: Page<OrderSummaryRow> | undefined;
  loading: boolean;
  filters: OrdersFilters;
  /** A search or status narrows the list: the empty state says so instead of "change the dates". */
  filtered: boolean;
  language: Language;
  timeZone: string;
  onChange: (change: Partial<OrdersFilters>) => void;
  onOpen: (id: string) => void;
  onNewOrder: () => void;
};

const COLUMNS = [
  "number",
  "deliveryDate",
  "orderedOn",
  "customer",
  "item",
  "amount",
  "status",
  "detail",
] as const;
type Column = (typeof COLUMNS)[number];
/** Columns a narrow screen leaves out; their values show in a neighbouring cell instead. */
const PHONE_HIDES: readonly Column[] = ["deliveryDate", "orderedOn", "item", "amount", "status"];
const TABLET_HIDES: readonly Column[] = ["item", "status"];
const SORTABLE: Partial<Record<Column, OrderSort>> = {
  // The summary's date: the delivery date, else (an order without one) the day it was placed.
  deliveryDate: "orderDate",
  customer: "customer",
  amount: "amount",
  status: "status",
};

const itemText = (row: Page<OrderSummaryRow>["rows"][number]) =>
  `${row.itemName}${row.quantity > 1 ? ` × ${row.quantity}` : ""}`;

/** The page of orders with server-side sorting and paging. */
export function OrdersTable(props: OrdersTableProps) {
  const { page, filters, language, onChange } = props;
  const { t } = useTranslation();
  const rows = page?.rows ?? [];
  const phone = useBelow("sm");
  const tablet = useBelow("md");
  const columns = COLUMNS.filter(
    (column) => !(phone && PHONE_HIDES.includes(column)) && !(tablet && TABLET_HIDES.includes(column)),
  );

  const sortBy = (sort: OrderSort) =>
    onChange({
      sort,
      // A new column starts ascending; the same column flips.
      dir: filters.sort === sort ? (filters.dir === "asc" ? "desc" : "asc") : "asc",
    });

  if (page && rows.length === 0 && page.total === 0 && !props.loading) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }}>
        <Typography variant="h6" component="p">
          {props.filtered ? t("screens.orders.noMatches") : t("screens.orders.empty")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: props.filtered ? 0 : 2 }}>
          {props.filtered ? t("screens.orders.noMatchesBody") : t("screens.orders.emptyBody")}
        </Typography>
        {props.filtered ? null : (
          <Button variant="contained" startIcon={<AddIcon />} onClick={props.onNewOrder}>
            {t("screens.orders.newOrder")}
          </Button>
        )}
      </Paper>
    );
  }

  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>
        {props.loading ? <LinearProgress aria-label={t("app.loadingPage")} /> : null}
      </Box>
      <TableContainer>
        <Table size="small" aria-label={t("screens.orders.tableLabel")} aria-busy={props.loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const sort = SORTABLE[column];
                const label = t(`screens.orders.columns.${column}`);
                const active = sort !== undefined && filters.sort === sort;
                return (
                  <TableCell
                    key={column}
                    align={column === "amount" ? "right" : "left"}
                    sortDirection={active ? filters.dir : false}
                    sx={{
                      fontWeight: 600,
                      whiteSpace: "nowrap",
                      ...(column === "detail" ? stickyEnd : {}),
                    }}
                  >
                    {sort ? (
                      <TableSortLabel
                        active={active}
                        direction={active ? filters.dir : "asc"}
                        onClick={() => sortBy(sort)}
                      >
                        {label}
                      </TableSortLabel>
                    ) : (
                      label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {page === undefined
              ? // The first page is on its way: rows to come, never an empty list.
                Array.from({ length: 5 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <TableRow key={index} aria-hidden="true">
                    {columns.map((column) => (
                      <TableCell key={column}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : null}
            {rows.map((row) => {
              const label = orderLabel(row);
              const deliveryDate = row.deliveryDate
                ? formatShortDate(row.deliveryDate, language)
                : t("common.notSpecified");
              return (
                <TableRow
                  key={row.id}
                  hover
                  // The whole row opens the order; the detail button is the keyboard's way in.
                  onClick={(event) => {
                    if (!isFromControl(event)) props.onOpen(row.id);
                  }}
                  // Focusable by a click, so the closing dialog gives focus back to the row.
                  tabIndex={-1}
                  sx={{ cursor: "pointer" }}
                >
                  <TableCell sx={{ fontFamily: "monospace" }}>
                    #{label}
                    {phone ? <Box>{deliveryDate}</Box> : null}
                  </TableCell>
                  {phone ? null : <TableCell sx={{ whiteSpace: "nowrap" }}>{deliveryDate}</TableCell>}
                  {phone ? null : (
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {formatShortDate(todayIn(props.timeZone, new Date(row.createdAt)), language)}
                    </TableCell>
                  )}
                  <TableCell>
                    {row.customerName}
                    {row.allergyAlert ? (
                      <Typography
                        variant="body2"
                        color="error"
                        data-allergy-alert
                        sx={{ display: "flex", alignItems: "center", gap: 0.5, fontWeight: 700 }}
                      >
                        <WarningAmber fontSize="small" aria-hidden="true" />
                        {allergyAlertWords(row.allergyAlert, t, (codes) => allergenList(codes, language))}
                      </Typography>
                    ) : null}
                    {tablet ? (
                      <Typography variant="body2" color="text.secondary">
                        {itemText(row)}
                      </Typography>
                    ) : null}
                    {phone ? (
                      // On a phone the amount and status join the customer, so the row fits beside its button.
                      <Box sx={{ mt: 0.5, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
                        <Box component="span" sx={{ whiteSpace: "nowrap" }}>
                          {formatRand(row.amount)}
                        </Box>
                        <StatusChip status={row.status} />
                      </Box>
                    ) : null}
                  </TableCell>
                  {tablet ? null : <TableCell>{itemText(row)}</TableCell>}
                  {phone ? null : (
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {formatRand(row.amount)}
                      {tablet ? (
                        <Box sx={{ mt: 0.5 }}>
                          <StatusChip status={row.status} />
                        </Box>
                      ) : null}
                    </TableCell>
                  )}
                  {tablet ? null : (
                    <TableCell>
                      <StatusChip status={row.status} />
                    </TableCell>
                  )}
                  <TableCell sx={stickyEnd}>
                    <Button
                      variant="outlined"
                      color="inherit"
                      size="small"
                      onClick={() => props.onOpen(row.id)}
                      // A week holds a #3 each day: the button names the day too.
                      aria-label={t("screens.orders.viewDetail", {
                        label: `${label}, ${formatShortDate(row.orderDate, language)}`,
                      })}
                    >
                      {t("screens.orders.view")}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        total={page?.total}
        page={filters.page}
        rows={filters.rows}
        onPageChange={(next) => onChange({ page: next })}
        onRowsChange={(rows) => onChange({ rows })}
      />
    </Paper>
  );
}
