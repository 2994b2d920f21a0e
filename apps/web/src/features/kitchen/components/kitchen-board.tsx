import { DEFAULT_TIMEZONE } from "@kantien/domain/dates";
import type { KitchenOrder } from "@kantien/domain/kitchen";
import { orderLabel } from "@kantien/domain/order-label";
import {
  KITCHEN_COLUMNS,
  type KitchenColumn,
  kitchenColumnOf,
  type OrderStatus,
} from "@kantien/domain/order-status";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { currentLanguage } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";
import { useNow } from "../../../lib/use-now";
import { useRefreshSeconds } from "../../../lib/user-settings";
import { useKitchenOrders } from "../api/get-kitchen-orders";
import { useOrderEvents } from "../api/subscribe-order-events";
import { useUpdateOrderStatus } from "../api/update-order-status";
import { type KitchenStep, ordersByColumn, urgentOrderCount } from "../kitchen-day";
import { KitchenHeader } from "./kitchen-header";
import { KitchenSummary } from "./kitchen-summary";
import { OrderColumn } from "./order-column";
import { OrderDetailDialog } from "./order-detail-dialog";
import { UrgentBanner } from "./urgent-banner";

/** Minutes and urgency are re-read this often even when no data changes. */
const CLOCK_TICK_MS = 30_000;

type Moving = { id: string; status: OrderStatus; from: KitchenColumn | null };

/** The moved order's card when the board still shows it, else the column it left (WCAG 2.4.3). */
function focusMovedOrder(moving: Moving, column: KitchenColumn | null) {
  const card = column ? document.querySelector<HTMLElement>(`[data-order-id="${moving.id}"]`) : null;
  const left = moving.from
    ? document.querySelector<HTMLElement>(`[data-kitchen-column="${moving.from}"]`)
    : null;
  (card ?? left)?.focus();
}

/** Spec §2 Kitchen board (/kitchen). */
export function KitchenBoard() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const config = useAppConfig();
  const { canteenName } = config;
  const timeZone = config.timeZone ?? DEFAULT_TIMEZONE;
  const { user } = useSession();
  const roleId = user?.role_id ?? 0;
  const kitchen = useKitchenOrders(useRefreshSeconds());
  useOrderEvents();
  const now = useNow(CLOCK_TICK_MS);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<KitchenOrder | null>(null);
  const notify = useNotice();
  // Where the focus follows a moved order: its card in the new column, or the column it left.
  const [moving, setMoving] = useState<Moving | null>(null);
  const updateStatus = useUpdateOrderStatus({
    onError: (error) => {
      notify({ severity: "error", text: errorMessage(error, i18n.t("errors.update")) });
      setMoving(null);
    },
  });
  const { mutate } = updateStatus;

  const orders = kitchen.data?.orders;
  const columns = useMemo(() => (orders ? ordersByColumn(orders) : undefined), [orders]);
  const urgent = useMemo(() => (orders ? urgentOrderCount(orders, now) : 0), [orders, now]);
  const selected = orders?.find((order) => order.id === selectedId) ?? null;

  const move = useCallback(
    (order: KitchenOrder, status: OrderStatus) => {
      setSelectedId(null);
      setMoving({ id: order.id, status, from: kitchenColumnOf(order.status) });
      mutate({ id: order.id, status });
    },
    [mutate],
  );
  const advance = useCallback((order: KitchenOrder, next: KitchenStep) => move(order, next), [move]);
  const confirmCancel = () => {
    if (cancelling) move(cancelling, "cancelled");
    setCancelling(null);
  };

  useEffect(() => {
    if (!moving || !orders) return;
    const order = orders.find((candidate) => candidate.id === moving.id);
    // The board shows the change once the cache has it.
    if (order && order.status !== moving.status) return;
    setMoving(null);
    focusMovedOrder(moving, order ? kitchenColumnOf(order.status) : null);
  }, [moving, orders]);

  const columnProps = { now, roleId, timeZone, language, onOpen: setSelectedId, onAdvance: advance };

  return (
    <Stack spacing={3}>
      <KitchenHeader
        canteenName={canteenName}
        timeZone={timeZone}
        language={language}
        now={now}
        refreshing={kitchen.isFetching}
        onRefresh={() => void kitchen.refetch()}
      />
      {kitchen.isError && !kitchen.data ? (
        <LoadError error={kitchen.error} onRetry={() => void kitchen.refetch()} />
      ) : null}
      <KitchenSummary orders={orders} />
      <UrgentBanner count={urgent} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "repeat(3, 1fr)" }, gap: 2 }}>
        {KITCHEN_COLUMNS.map((status) => (
          <OrderColumn
            key={status}
            status={status}
            orders={kitchen.isError && !columns ? [] : columns?.[status]}
            {...columnProps}
          />
        ))}
      </Box>
      <OrderDetailDialog
        order={selected}
        {...columnProps}
        onClose={() => setSelectedId(null)}
        onCancelOrder={setCancelling}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t("screens.kitchen.cancelTitle", {
          label: cancelling ? orderLabel(cancelling.id, "kitchen") : "",
        })}
        message={t("screens.kitchen.cancelBody")}
        confirmLabel={t("screens.kitchen.cancelConfirm")}
        cancelLabel={t("screens.kitchen.keep")}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
        destructive
      />
    </Stack>
  );
}
