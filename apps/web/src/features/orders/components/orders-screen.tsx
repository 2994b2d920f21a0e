import { addDaysIso, todayIn } from "@kantien/domain/dates";
import { formatRand } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import type { CreatedOrder } from "@kantien/domain/orders-summary";
import { defaultOrdersRange, ordersFilterIsPinned, ordersRangeProblem } from "@kantien/domain/orders-summary";
import AddIcon from "@mui/icons-material/Add";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { PageHeader, PageTitle } from "../../../components/page-title";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { textParam, useAddressState, useListState } from "../../../lib/list-params";
import { ordersExportUrl, useOrders } from "../api/get-orders";
import { isPinned, ordersListCodec, toOrdersQuery } from "../orders-filters";
import { NewOrderDialog } from "./new-order-dialog";
import { OrderDetailDialog } from "./order-detail-dialog";
import { OrdersFilterBar } from "./orders-filter-bar";
import { OrdersTable } from "./orders-table";

/** The orders summary (/orders), 'Bestellingsopsomming', admin only; every filter is in the address. */
export function OrdersScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const today = todayIn(timeZone);
  const list = useListState(ordersListCodec(today), { keep: ["order"] });
  const filters = list.params;
  const setFilters = list.change;
  // One customer or one order number spans all time: the range is not asked for (decision 0015).
  const pinned = isPinned(filters);
  const rangeProblem = pinned ? null : ordersRangeProblem(filters.from, filters.to);
  const query = rangeProblem ? null : toOrdersQuery(filters);
  const orders = useOrders(query);
  // Every row of a customer's orders carries their name; a page still loading is another filter's.
  const customerName =
    filters.customer && !orders.isPlaceholderData ? orders.data?.rows[0]?.customerName : undefined;
  // The open order is a step back in the history, not list state: the back button closes it.
  const dialog = useAddressState({ order: textParam }, { push: true });
  const openOrderId = dialog.params.order;
  const [creating, setCreating] = useState(false);
  const notify = useNotice();

  const setOpenOrder = (id: string | null) => dialog.change({ order: id });

  const onCreated = (created: CreatedOrder) => {
    setCreating(false);
    notify({
      severity: "success",
      text: t("screens.orders.create.success", {
        name: created.order.customerName,
        balance: formatRand(created.balance),
      }),
    });
  };

  const heading = () => {
    if (filters.customer) {
      return t("screens.orders.customerOrders", { name: customerName ?? t("screens.orders.oneCustomer") });
    }
    // Pinned without a customer: a scanned or pasted id, its one order on whatever day, named
    // by its pickup number.
    if (ordersFilterIsPinned(filters)) {
      const found = orders.isPlaceholderData ? undefined : orders.data?.rows[0];
      return t("screens.orders.numberAnyDate", { number: found ? orderLabel(found) : "…" });
    }
    return t("screens.orders.range", {
      from: formatDate(filters.from, language),
      to: formatDate(filters.to, language),
    });
  };

  return (
    <Stack spacing={3}>
      <PageHeader>
        <Box>
          <PageTitle>{t("screens.orders.title")}</PageTitle>
          <Typography variant="h6" component="h2" color="text.secondary" sx={{ mt: -2 }} aria-live="polite">
            {heading()}
          </Typography>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {query ? (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<DownloadIcon />}
              href={ordersExportUrl(query, language)}
              download
            >
              {t("screens.orders.export")}
            </Button>
          ) : null}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t("screens.orders.newOrder")}
          </Button>
        </Box>
      </PageHeader>
      <OrdersFilterBar
        filters={filters}
        rangeProblem={rangeProblem}
        pinned={pinned}
        customerName={customerName}
        onChange={setFilters}
        onThisWeek={() => setFilters(defaultOrdersRange(today))}
        onShiftWeek={(days) =>
          setFilters(({ from, to }) => ({ from: addDaysIso(from, days), to: addDaysIso(to, days) }))
        }
      />
      {orders.isError ? <LoadError error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      {query && !orders.isError ? (
        <OrdersTable
          page={orders.data}
          loading={orders.isPending || orders.isPlaceholderData}
          filters={filters}
          filtered={list.filtered}
          language={language}
          timeZone={timeZone}
          onChange={setFilters}
          onOpen={setOpenOrder}
          onNewOrder={() => setCreating(true)}
        />
      ) : null}
      {openOrderId ? (
        <OrderDetailDialog
          orderId={openOrderId}
          timeZone={timeZone}
          language={language}
          onClose={() => setOpenOrder(null)}
          onSaved={(text) => notify({ severity: "success", text })}
        />
      ) : null}
      {creating ? (
        <NewOrderDialog language={language} onClose={() => setCreating(false)} onCreated={onCreated} />
      ) : null}
    </Stack>
  );
}
