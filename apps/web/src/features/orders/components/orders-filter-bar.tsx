import { type FieldMessageCode, fieldMessage } from "@kantien/domain/field-messages";
import { ORDER_STATUS_FILTERS, type OrderStatusFilter } from "@kantien/domain/orders-summary";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { SearchField } from "../../../components/search-field";
import { currentLanguage } from "../../../lib/i18n";
import type { OrdersFilters } from "../orders-filters";

type OrdersFilterBarProps = {
  filters: OrdersFilters;
  /** The domain's message code when the range cannot be asked for. */
  rangeProblem: FieldMessageCode | null;
  /** One customer or one order number: the range does not apply, so its controls rest. */
  pinned: boolean;
  /** The chosen customer's name, once their orders have loaded. */
  customerName: string | undefined;
  onChange: (change: Partial<OrdersFilters>) => void;
  onThisWeek: () => void;
  onShiftWeek: (days: number) => void;
};

export function OrdersFilterBar({
  filters,
  rangeProblem,
  pinned,
  customerName,
  onChange,
  onThisWeek,
  onShiftWeek,
}: OrdersFilterBarProps) {
  const { t } = useTranslation();
  const statusLabel = (status: OrderStatusFilter) =>
    status === "all" ? t("screens.orders.allStatuses") : t(`resources.order.statuses.${status}`);

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <IconButton
            aria-label={t("screens.orders.previousWeek")}
            disabled={pinned}
            onClick={() => onShiftWeek(-7)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <DateField
            size="small"
            label={t("screens.orders.from")}
            value={filters.from}
            disabled={pinned}
            onChange={(from) => from && onChange({ from })}
          />
          <DateField
            size="small"
            label={t("screens.orders.to")}
            value={filters.to}
            disabled={pinned}
            onChange={(to) => to && onChange({ to })}
            error={rangeProblem !== null}
            helperText={rangeProblem ? fieldMessage(rangeProblem, currentLanguage()) : undefined}
          />
          <IconButton
            aria-label={t("screens.orders.nextWeek")}
            disabled={pinned}
            onClick={() => onShiftWeek(7)}
          >
            <ChevronRightIcon />
          </IconButton>
          <Button variant="outlined" color="inherit" disabled={pinned} onClick={onThisWeek}>
            {t("screens.orders.thisWeek")}
          </Button>
        </Box>
        <SearchField
          label={t("screens.orders.search")}
          value={filters.q}
          onSearch={(q) => onChange({ q })}
          sx={{ flex: "1 1 16rem" }}
        />
        {filters.customer ? (
          <Chip
            label={t("screens.orders.customerChip", {
              name: customerName ?? t("screens.orders.oneCustomer"),
            })}
            onDelete={() => onChange({ customer: "" })}
            sx={{ alignSelf: "center" }}
          />
        ) : null}
        <TextField
          select
          size="small"
          label={t("screens.orders.statusFilter")}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as OrderStatusFilter })}
          sx={{ minWidth: "12rem" }}
        >
          {ORDER_STATUS_FILTERS.map((status) => (
            <MenuItem key={status} value={status}>
              {statusLabel(status)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </Paper>
  );
}
