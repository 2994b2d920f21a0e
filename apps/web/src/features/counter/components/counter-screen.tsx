import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { TouchTargets } from "../../../components/touch-targets";
import { withTexts } from "../../../lib/i18n";
import { CounterQueueProvider } from "../counter-queue";
import { unlockCounterSound } from "../counter-sound";
import { CounterHeader } from "./counter-header";
import { CounterTopUpDialog } from "./counter-top-up";
import { HandOverPanel } from "./hand-over-panel";
import { OfflineBanner } from "./offline-banner";

// The sales mode and its texts load when a cook first opens it: the hand-over's first load carries neither.
const SalesPanel = lazy(() => withTexts("counterSales", import("./sales-panel")));

/**
 * The counter (decision 0025): find an order by its QR code, a name or its number, and hand it
 * over; a wallet topped up beside it; and sell at break (`?mode=sell`, decision 0071). It only
 * composes its parts (decision 0061).
 */
export function CounterScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selling = params.get("mode") === "sell";
  const searchField = useRef<HTMLInputElement>(null);
  // The wallet being topped up: a found order's customer, or null to find one first.
  const [toppingUp, setToppingUp] = useState<{ customerId: string | null } | null>(null);

  // Browsers play sound only after a tap or a key on the page (a handheld scanner's keys count).
  useEffect(() => {
    document.addEventListener("pointerdown", unlockCounterSound);
    document.addEventListener("keydown", unlockCounterSound);
    return () => {
      document.removeEventListener("pointerdown", unlockCounterSound);
      document.removeEventListener("keydown", unlockCounterSound);
    };
  }, []);

  return (
    <TouchTargets>
      <CounterQueueProvider>
        <Stack spacing={2} sx={{ maxWidth: selling ? 1280 : 720, mx: "auto" }}>
          <CounterHeader onTopUp={() => setToppingUp({ customerId: null })} />
          <OfflineBanner />
          <Tabs
            value={selling ? "sell" : "handOver"}
            onChange={(_, mode) => setParams(mode === "sell" ? { mode: "sell" } : {}, { replace: true })}
            aria-label={t("screens.counter.modes")}
          >
            <Tab value="handOver" label={t("screens.counter.handOver")} />
            <Tab value="sell" label={t("screens.counter.sell")} />
          </Tabs>
          {selling ? (
            <Suspense
              fallback={
                <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
                  <CircularProgress aria-label={t("screens.counter.searching")} />
                </Box>
              }
            >
              <SalesPanel />
            </Suspense>
          ) : (
            <HandOverPanel searchField={searchField} onTopUp={(customerId) => setToppingUp({ customerId })} />
          )}
          {toppingUp ? (
            <CounterTopUpDialog
              customerId={toppingUp.customerId}
              onClose={() => {
                setToppingUp(null);
                // Ready for the next scan.
                searchField.current?.focus();
              }}
            />
          ) : null}
        </Stack>
      </CounterQueueProvider>
    </TouchTargets>
  );
}
