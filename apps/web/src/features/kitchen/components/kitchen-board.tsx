import type { KitchenOrder } from "@kantien/domain/kitchen";
import {
  AGEING_DEFAULTS,
  lateOrderCount,
  SERVICE_START_DEFAULT,
  serviceStartAt,
} from "@kantien/domain/kitchen-rules";
import { lineTotal } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import {
  KITCHEN_COLUMNS,
  type KitchenColumn,
  kitchenColumnOf,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "@kantien/domain/order-status";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import useMediaQuery from "@mui/material/useMediaQuery";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { TouchTargets } from "../../../components/touch-targets";
import { errorMessage } from "../../../lib/api-client";
import { useAppConfig, useCanteenTimeZone } from "../../../lib/app-config";
import { cancelledMessage } from "../../../lib/cancelled-message";
import { useCanteenRules } from "../../../lib/canteen-rules";
import { currentLanguage } from "../../../lib/i18n";
import { lazyComponent } from "../../../lib/lazy-component";
import { useSession } from "../../../lib/session";
import { useNow } from "../../../lib/use-now";
import { useOpenedOnce } from "../../../lib/use-opened-once";
import { useRefreshSeconds } from "../../../lib/user-settings";
import { useKitchenOrders } from "../api/get-kitchen-orders";
import { useOrderPayment } from "../api/get-order-payment";
import { useOrderEvents } from "../api/subscribe-order-events";
import { type updateOrderStatus, useUpdateOrderStatus } from "../api/update-order-status";
import { useAllergenNames } from "../hooks/use-allergen-names";
import { playChime, useKitchenSound } from "../hooks/use-kitchen-sound";
import { useNewOrders, useTitleCount } from "../hooks/use-new-orders";
import { type KitchenStep, ordersByColumn, recentlyCollected } from "../kitchen-day";
import { BoardNotice, useBoardNotice } from "./board-notice";
import { BoardStatus, boardConnection, OfflineBanner } from "./board-status";
import { type BoardMode, KitchenHeader } from "./kitchen-header";
import { KitchenSummary } from "./kitchen-summary";
import type { CardContext } from "./order-card";
import { OrderColumn } from "./order-column";
import { PortionsStrip } from "./portions-strip";
import { SoundPrompt } from "./sound-prompt";
import { UrgentBanner } from "./urgent-banner";

// The dialogs and the phone's tabs are code the board's first paint does not need: each loads
// when it is first wanted (the board's first-load budget, `npm run bench`).
const OrderDetailDialog = lazyComponent(
  () => import("./order-detail-dialog"),
  (m) => m.OrderDetailDialog,
);
const AllergenCheckDialog = lazyComponent(
  () => import("../../../components/allergen-check-dialog"),
  (m) => m.AllergenCheckDialog<KitchenOrder>,
);
const RecentCollectedDialog = lazyComponent(
  () => import("./recent-collected-dialog"),
  (m) => m.RecentCollectedDialog,
);
const CancelOrderDialog = lazyComponent(
  () => import("../../../components/cancel-order-dialog"),
  (m) => m.CancelOrderDialog,
);
const ColumnTabs = lazyComponent(
  () => import("./column-tabs"),
  (m) => m.ColumnTabs,
);

/** Minutes, ageing and urgency are re-read this often even when no data changes. */
const CLOCK_TICK_MS = 30_000;

/** How long "Ongedaan maak" is offered after a kitchen step. */
export const UNDO_MS = 10_000;

/** From this width the three columns stand side by side; below it the kitchen mode shows tabs. */
const SIDE_BY_SIDE = "(min-width: 768px)";

/**
 * The kitchen mode fills the screen (less the layout's padding): its header stays put and each
 * column scrolls on its own below it, so counts, banner and tools never scroll away.
 */
const KITCHEN_MODE_HEIGHT = { xs: "calc(100dvh - 24px)", sm: "calc(100dvh - 32px)" };

type Moving = { id: string; status: OrderStatus; from: KitchenColumn | null };

/** The moved order's card when the board still shows it, else the column it left (WCAG 2.4.3). */
function focusMovedOrder(moving: Moving, column: KitchenColumn | null) {
  const card = column ? document.querySelector<HTMLElement>(`[data-order-id="${moving.id}"]`) : null;
  const left = moving.from
    ? document.querySelector<HTMLElement>(`[data-kitchen-column="${moving.from}"]`)
    : null;
  (card ?? left)?.focus();
}

/**
 * The kitchen board (/kitchen) in the back office's layout, and the kitchen mode
 * (/kitchen/board) for a tablet: no side menu, one long column each, tabs on a phone.
 */
export function KitchenBoard({ mode = "layout" }: { mode?: BoardMode }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const config = useAppConfig();
  const timeZone = useCanteenTimeZone();
  const { user } = useSession();
  const roleId = user?.role_id ?? 0;
  const refreshSeconds = useRefreshSeconds();
  const kitchen = useKitchenOrders(refreshSeconds);
  const stream = useOrderEvents();
  const rules = useCanteenRules();
  const now = useNow(CLOCK_TICK_MS);
  const sound = useKitchenSound();
  const sideBySide = useMediaQuery(SIDE_BY_SIDE, { defaultMatches: true, noSsr: true });
  const [tab, setTab] = useState<KitchenColumn>("pending");

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<KitchenOrder | null>(null);
  /** An order with an allergy alert waiting for "Allergene nagegaan?" before Gereed. */
  const [checking, setChecking] = useState<KitchenOrder | null>(null);
  const [showRecent, setShowRecent] = useState(false);
  const boardNotice = useBoardNotice();
  const notify = boardNotice.show;
  // Asked once each time the board opens while the sound is off.
  const [soundAnswered, setSoundAnswered] = useState(false);
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
  const date = kitchen.data?.date;
  const columns = useMemo(() => (orders ? ordersByColumn(orders) : undefined), [orders]);
  const recent = useMemo(() => (orders ? recentlyCollected(orders, now) : []), [orders, now]);
  const selected = orders?.find((order) => order.id === selectedId) ?? null;
  const detailWanted = useOpenedOnce(selected !== null);
  const recentWanted = useOpenedOnce(showRecent);
  const cancelWanted = useOpenedOnce(cancelling !== null);
  const payment = useOrderPayment(cancelling?.id ?? null);
  const checkWanted = useOpenedOnce(checking !== null);
  const allergenNames = useAllergenNames(orders, language);

  const { newIds, seen } = useNewOrders(orders, () => {
    if (sound.on) playChime();
  });
  useTitleCount(newIds.size);

  const move = useCallback(
    (
      order: KitchenOrder,
      status: OrderStatus,
      onDone?: (answer: Awaited<ReturnType<typeof updateOrderStatus>>) => void,
      reason?: string,
      allergensConfirmed?: boolean,
    ) => {
      setSelectedId(null);
      seen(order.id);
      setMoving({ id: order.id, status, from: kitchenColumnOf(order.status) });
      mutate({ id: order.id, status, reason, allergensConfirmed }, { onSuccess: onDone });
    },
    [mutate, seen],
  );

  /** A step back through the server's rule: to where the order was before. */
  const stepBack = useCallback(
    (order: KitchenOrder, to: OrderStatus) =>
      move(order, to, () =>
        notify({
          severity: "success",
          text: () =>
            i18n.t("screens.kitchen.undo.done", {
              label: orderLabel(order),
              status: ORDER_STATUS_LABELS[currentLanguage()][to],
            }),
        }),
      ),
    [move, notify, i18n],
  );

  const step = useCallback(
    (order: KitchenOrder, next: KitchenStep, allergensConfirmed?: boolean) => {
      const before = order.status;
      move(
        order,
        next,
        () =>
          notify({
            severity: "info",
            durationMs: UNDO_MS,
            text: () => i18n.t(`screens.kitchen.undo.${next}`, { label: orderLabel(order) }),
            action: {
              label: i18n.t("screens.kitchen.undo.action"),
              onClick: () => stepBack({ ...order, status: next }, before),
            },
          }),
        undefined,
        allergensConfirmed,
      );
    },
    [move, notify, stepBack, i18n],
  );
  // Gereed of an order with an allergy alert asks "Allergene nagegaan?" first (the server insists).
  const advance = useCallback(
    (order: KitchenOrder, next: KitchenStep) => {
      if (next === "ready" && order.allergyAlert) {
        setSelectedId(null);
        setChecking(order);
      } else step(order, next);
    },
    [step],
  );
  const confirmChecked = (order: KitchenOrder) => {
    setChecking(null);
    step(order, "ready", true);
  };
  const recall = useCallback((order: KitchenOrder) => stepBack(order, "ready"), [stepBack]);
  // The card leaves at once, as every kitchen step does; the server's answer names the money.
  const confirmCancel = (reason: string) => {
    const order = cancelling;
    setCancelling(null);
    if (!order) return;
    move(
      order,
      "cancelled",
      (answer) =>
        notify({
          severity: "success",
          text: () =>
            cancelledMessage(i18n.t, { refunded: answer.data.refunded, customerName: order.customerName }),
        }),
      reason,
    );
  };

  useEffect(() => {
    if (!moving || !orders) return;
    const order = orders.find((candidate) => candidate.id === moving.id);
    // The board shows the change once the cache has it.
    if (order && order.status !== moving.status) return;
    setMoving(null);
    focusMovedOrder(moving, order ? kitchenColumnOf(order.status) : null);
  }, [moving, orders]);

  const thresholds = rules.data ?? AGEING_DEFAULTS;
  // Orders age from the kitchen's start of service (a canteen rule), never from the night before.
  const serviceStartTime = rules.data?.kitchenServiceStart ?? SERVICE_START_DEFAULT;
  const serviceStart = useMemo(
    () => (date ? serviceStartAt(date, serviceStartTime, timeZone) : new Date(0)),
    [date, serviceStartTime, timeZone],
  );
  const late = useMemo(
    () => (orders ? lateOrderCount(orders, { serviceStart, now, thresholds }) : 0),
    [orders, serviceStart, now, thresholds],
  );
  const open = useCallback(
    (id: string) => {
      seen(id);
      setSelectedId(id);
    },
    [seen],
  );
  const context = useMemo<CardContext>(
    () => ({
      now,
      roleId,
      timeZone,
      language,
      t,
      serviceStart,
      thresholds,
      onOpen: open,
      onAdvance: advance,
      allergenNames,
    }),
    [now, roleId, timeZone, language, t, serviceStart, thresholds, open, advance, allergenNames],
  );

  const connection = boardConnection(stream, kitchen.isError);
  const kitchenMode = mode === "kitchen";
  const tabs = kitchenMode && !sideBySide;
  const shown = tabs ? KITCHEN_COLUMNS.filter((status) => status === tab) : KITCHEN_COLUMNS;

  return (
    <TouchTargets>
      <Stack
        spacing={kitchenMode ? 1 : 2}
        sx={kitchenMode ? { height: KITCHEN_MODE_HEIGHT, minHeight: 360 } : undefined}
      >
        {/* The header: what stays in sight while the columns scroll. The board's notices dock at
            its bottom right, over the portions rather than a card's step button. */}
        <Stack spacing={kitchenMode ? 1 : 2} sx={{ position: "relative", flexShrink: 0 }}>
          <KitchenHeader
            mode={mode}
            canteenName={config.canteenName}
            timeZone={timeZone}
            language={language}
            now={now}
            refreshing={kitchen.isFetching}
            onRefresh={() => void kitchen.refetch()}
            sound={sound}
            recentCount={recent.length}
            onShowRecent={() => setShowRecent(true)}
            status={
              <BoardStatus
                connection={connection}
                updatedAt={kitchen.dataUpdatedAt}
                timeZone={timeZone}
                language={language}
              />
            }
          />
          {!sound.on && !soundAnswered ? (
            <SoundPrompt
              onSoundOn={() => {
                setSoundAnswered(true);
                sound.toggle();
              }}
              onLater={() => setSoundAnswered(true)}
            />
          ) : null}
          {/* Never an empty day under a load error: the error alone, or the last orders with a warning. */}
          {kitchen.isError && !kitchen.data ? (
            <LoadError error={kitchen.error} onRetry={() => void kitchen.refetch()} />
          ) : connection === "offline" ? (
            <OfflineBanner
              updatedAt={kitchen.dataUpdatedAt}
              timeZone={timeZone}
              language={language}
              onRetry={() => void kitchen.refetch()}
            />
          ) : null}
          {kitchen.isError && !kitchen.data ? null : (
            <>
              <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
                <KitchenSummary orders={orders} />
                <UrgentBanner count={late} minutes={thresholds.kitchenLateMinutes} />
              </Box>
              <PortionsStrip orders={orders} />
              {tabs ? (
                <Suspense fallback={<Box sx={{ minHeight: 56 }} />}>
                  <ColumnTabs
                    value={tab}
                    onChange={setTab}
                    label={(status) =>
                      `${t(`screens.kitchen.columns.${status}`)} (${columns?.[status].length ?? "…"})`
                    }
                  />
                </Suspense>
              ) : null}
            </>
          )}
          <Box
            sx={{
              position: "absolute",
              right: 0,
              bottom: 0,
              zIndex: 3,
              maxWidth: "min(560px, 100%)",
              "&:empty": { display: "none" },
            }}
            aria-live="polite"
          >
            {boardNotice.notice ? (
              <BoardNotice key={boardNotice.key} notice={boardNotice.notice} onClose={boardNotice.close} />
            ) : null}
          </Box>
        </Stack>
        {kitchen.isError && !kitchen.data ? null : (
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: "minmax(0, 1fr)",
              [`@media ${SIDE_BY_SIDE}`]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
              ...(kitchenMode && { flex: "1 1 0", minHeight: 0, gridTemplateRows: "minmax(0, 1fr)" }),
            }}
          >
            {shown.map((status) => (
              <OrderColumn
                key={status}
                status={status}
                orders={columns?.[status]}
                context={context}
                newIds={newIds}
                fill={kitchenMode ? "cell" : "window"}
                hideHeading={tabs}
              />
            ))}
          </Box>
        )}
        {detailWanted ? (
          <Suspense fallback={null}>
            <OrderDetailDialog
              order={selected}
              now={now}
              roleId={roleId}
              timeZone={timeZone}
              language={language}
              onAdvance={advance}
              onClose={() => setSelectedId(null)}
              onCancelOrder={setCancelling}
            />
          </Suspense>
        ) : null}
        {checkWanted ? (
          <Suspense fallback={null}>
            <AllergenCheckDialog
              order={checking}
              language={language}
              onConfirm={confirmChecked}
              onClose={() => setChecking(null)}
            />
          </Suspense>
        ) : null}
        {recentWanted ? (
          <Suspense fallback={null}>
            <RecentCollectedDialog
              open={showRecent}
              orders={recent}
              timeZone={timeZone}
              language={language}
              onRecall={(order) => {
                setShowRecent(false);
                recall(order);
              }}
              onClose={() => setShowRecent(false)}
            />
          </Suspense>
        ) : null}
        {cancelWanted ? (
          <Suspense fallback={null}>
            {cancelling ? (
              <CancelOrderDialog
                order={{
                  label: orderLabel(cancelling),
                  customerName: cancelling.customerName,
                  total: lineTotal(cancelling.price, cancelling.quantity).toFixed(2),
                  paidFromWallet: payment.data?.paidFromWallet ?? null,
                }}
                pending={false}
                error={null}
                paymentUnknown={payment.isError}
                onConfirm={confirmCancel}
                onClose={() => setCancelling(null)}
              />
            ) : null}
          </Suspense>
        ) : null}
      </Stack>
    </TouchTargets>
  );
}
