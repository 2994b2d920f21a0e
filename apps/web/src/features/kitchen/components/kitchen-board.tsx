import type { KitchenOrder } from "@kantien/domain/kitchen";
import {
  AGEING_DEFAULTS,
  lateOrderCount,
  SERVICE_START_DEFAULT,
  serviceStartAt,
} from "@kantien/domain/kitchen-rules";
import type { KitchenColumn } from "@kantien/domain/order-status";
import { isAdminRole } from "@kantien/domain/roles";
import Stack from "@mui/material/Stack";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TouchTargets } from "../../../components/touch-targets";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { useCanteenRules } from "../../../lib/canteen-rules";
import { currentLanguage } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";
import { useNow } from "../../../lib/use-now";
import { useRefreshSeconds } from "../../../lib/user-settings";
import { useKitchenOrders } from "../api/get-kitchen-orders";
import { useOrderEvents } from "../api/subscribe-order-events";
import { useAllergenNames } from "../hooks/use-allergen-names";
import { useBoardActions } from "../hooks/use-board-actions";
import { playChime, useKitchenSound } from "../hooks/use-kitchen-sound";
import { useNewOrders, useTitleCount } from "../hooks/use-new-orders";
import { ordersByColumn, recentlyCollected } from "../kitchen-day";
import { BoardColumns, SIDE_BY_SIDE } from "./board-columns";
import { type BoardDialog, BoardDialogs } from "./board-dialogs";
import { useBoardNotice } from "./board-notice";
import { boardConnection } from "./board-status";
import { BoardTop } from "./board-top";
import type { BoardMode } from "./kitchen-header";
import type { CardContext } from "./order-card";

/** Minutes, ageing and urgency are re-read this often even when no data changes. */
const CLOCK_TICK_MS = 30_000;

/**
 * The kitchen mode fills the screen (less the layout's padding): its header stays put and each
 * column scrolls on its own below it, so counts, banner and tools never scroll away.
 */
const KITCHEN_MODE_HEIGHT = { xs: "calc(100dvh - 24px)", sm: "calc(100dvh - 32px)" };

/**
 * The kitchen board (/kitchen) in the back office's layout, and the kitchen mode
 * (/kitchen/board) for a tablet: no side menu, one long column each, tabs on a phone.
 * It reads the day and composes its parts: the top, the columns and the dialogs; what the cook
 * does to an order is `useBoardActions`.
 */
export function KitchenBoard({ mode = "layout" }: { mode?: BoardMode }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const { user } = useSession();
  const roleId = user?.role_id ?? 0;
  const refreshSeconds = useRefreshSeconds();
  const kitchen = useKitchenOrders(refreshSeconds);
  const stream = useOrderEvents(kitchen.data);
  const rules = useCanteenRules();
  const now = useNow(CLOCK_TICK_MS);
  const sound = useKitchenSound();
  const sideBySide = useMediaQuery(SIDE_BY_SIDE, { defaultMatches: true, noSsr: true });
  const [tab, setTab] = useState<KitchenColumn>("pending");
  const [dialog, setDialog] = useState<BoardDialog | null>(null);
  const boardNotice = useBoardNotice();

  const orders = kitchen.data?.orders;
  const date = kitchen.data?.date;
  const columns = useMemo(() => (orders ? ordersByColumn(orders) : undefined), [orders]);
  const recent = useMemo(() => (orders ? recentlyCollected(orders, now) : []), [orders, now]);
  const allergenNames = useAllergenNames(orders, language);

  const { newIds, seen } = useNewOrders(orders, () => {
    if (sound.on) playChime();
  });
  useTitleCount(newIds.size);

  const closeDialogs = useCallback(() => setDialog(null), []);
  const askAllergenCheck = useCallback(
    (order: KitchenOrder) => setDialog({ kind: "allergenCheck", order }),
    [],
  );
  const actions = useBoardActions({ orders, notify: boardNotice.show, seen, closeDialogs, askAllergenCheck });

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
      setDialog({ kind: "detail", orderId: id });
    },
    [seen],
  );
  const { advance } = actions;
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

  return (
    <TouchTargets>
      <Stack
        spacing={kitchenMode ? 1 : 2}
        sx={kitchenMode ? { height: KITCHEN_MODE_HEIGHT, minHeight: 360 } : undefined}
      >
        <BoardTop
          mode={mode}
          kitchen={kitchen}
          connection={connection}
          now={now}
          timeZone={timeZone}
          language={language}
          sound={sound}
          recentCount={recent.length}
          onShowRecent={() => setDialog({ kind: "recent" })}
          late={{ count: late, minutes: thresholds.kitchenLateMinutes }}
          tabs={tabs ? { value: tab, onChange: setTab, columns } : null}
          notice={boardNotice}
          canCorrectPortions={isAdminRole(roleId)}
        />
        {kitchen.isError && !kitchen.data ? null : (
          <BoardColumns
            columns={columns}
            context={context}
            newIds={newIds}
            kitchenMode={kitchenMode}
            tab={tabs ? tab : null}
          />
        )}
        <BoardDialogs
          dialog={dialog}
          onDialogChange={setDialog}
          orders={orders}
          recent={recent}
          actions={actions}
          now={now}
          roleId={roleId}
          timeZone={timeZone}
          language={language}
        />
      </Stack>
    </TouchTargets>
  );
}
