import type { KitchenDishCap, KitchenOrder } from "@kantien/domain/kitchen";
import type { Language } from "@kantien/domain/language";
import type { KitchenColumn } from "@kantien/domain/order-status";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useAppConfig } from "../../../lib/app-config";
import { lazyComponent } from "../../../lib/lazy-component";
import type { useKitchenOrders } from "../api/get-kitchen-orders";
import type { KitchenSound } from "../hooks/use-kitchen-sound";
import { BoardNotice, type useBoardNotice } from "./board-notice";
import { type BoardConnection, BoardStatus, OfflineBanner } from "./board-status";
import { type BoardMode, KitchenHeader } from "./kitchen-header";
import { KitchenSummary } from "./kitchen-summary";
import { PortionsStrip } from "./portions-strip";
import { SoundPrompt } from "./sound-prompt";
import { UrgentBanner } from "./urgent-banner";

// The phone's tabs are code the board's first paint does not need: they load when first wanted.
// Only an admin corrects a count, seldom: the board's first load carries none of it.
const PortionsCorrectionDialog = lazyComponent(
  () => import("./portions-correction"),
  (m) => m.PortionsCorrectionDialog,
);
const ColumnTabs = lazyComponent(
  () => import("./column-tabs"),
  (m) => m.ColumnTabs,
);

type BoardTopProps = {
  mode: BoardMode;
  kitchen: ReturnType<typeof useKitchenOrders>;
  connection: BoardConnection;
  now: Date;
  timeZone: string;
  language: Language;
  sound: KitchenSound;
  recentCount: number;
  onShowRecent: () => void;
  /** The orders late by the canteen's rule, and after how many minutes an order is. */
  late: { count: number; minutes: number };
  /** On a phone in the kitchen mode: the tab shown and the day's orders by column, for the tabs' counts. */
  tabs: {
    value: KitchenColumn;
    onChange: (column: KitchenColumn) => void;
    columns: Record<KitchenColumn, KitchenOrder[]> | undefined;
  } | null;
  notice: ReturnType<typeof useBoardNotice>;
  /** An admin may correct a capped dish's count, with why. */
  canCorrectPortions: boolean;
};

/**
 * The top of the board: what stays in sight while the columns scroll. The header and its tools,
 * the question of sound, the connection's trouble, the day's counts and portions, the phone's
 * tabs; the board's notices dock at its bottom right, over the portions rather than a card's
 * step button.
 */
export function BoardTop({
  mode,
  kitchen,
  connection,
  now,
  timeZone,
  language,
  sound,
  recentCount,
  onShowRecent,
  late,
  tabs,
  notice,
  canCorrectPortions,
}: BoardTopProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  // Asked once each time the board opens while the sound is off.
  const [soundAnswered, setSoundAnswered] = useState(false);
  const [correcting, setCorrecting] = useState<(KitchenDishCap & { foodItemId: string }) | null>(null);
  const kitchenMode = mode === "kitchen";
  const loadFailed = kitchen.isError && !kitchen.data;
  const orders = kitchen.data?.orders;

  return (
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
        recentCount={recentCount}
        onShowRecent={onShowRecent}
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
      {loadFailed ? (
        <LoadError error={kitchen.error} onRetry={() => void kitchen.refetch()} />
      ) : connection === "offline" ? (
        <OfflineBanner
          updatedAt={kitchen.dataUpdatedAt}
          timeZone={timeZone}
          language={language}
          onRetry={() => void kitchen.refetch()}
        />
      ) : null}
      {loadFailed ? null : (
        <>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
            <KitchenSummary orders={orders} />
            <UrgentBanner count={late.count} minutes={late.minutes} />
          </Box>
          <PortionsStrip
            orders={orders}
            caps={kitchen.data?.caps}
            atCounter={kitchen.data?.atCounter}
            onCorrect={canCorrectPortions ? setCorrecting : undefined}
          />
          {correcting ? (
            <Suspense fallback={null}>
              <PortionsCorrectionDialog cap={correcting} onClose={() => setCorrecting(null)} />
            </Suspense>
          ) : null}
          {tabs ? (
            <Suspense fallback={<Box sx={{ minHeight: 56 }} />}>
              <ColumnTabs
                value={tabs.value}
                onChange={tabs.onChange}
                label={(status) =>
                  `${t(`screens.kitchen.columns.${status}`)} (${tabs.columns?.[status].length ?? "…"})`
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
        {notice.notice ? (
          <BoardNotice key={notice.key} notice={notice.notice} onClose={notice.close} />
        ) : null}
      </Box>
    </Stack>
  );
}
