import Stack from "@mui/material/Stack";
import { useEffect, useRef, useState } from "react";
import { TouchTargets } from "../../../components/touch-targets";
import { unlockCounterSound } from "../counter-sound";
import { CounterHeader } from "./counter-header";
import { CounterTopUpDialog } from "./counter-top-up";
import { HandOverPanel } from "./hand-over-panel";

/**
 * The counter (decision 0025): find an order by its QR code, a name or its number, and hand it
 * over; a wallet topped up beside it. It only composes its parts (decision 0061).
 */
export function CounterScreen() {
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
      <Stack spacing={2} sx={{ maxWidth: 720, mx: "auto" }}>
        <CounterHeader onTopUp={() => setToppingUp({ customerId: null })} />
        <HandOverPanel searchField={searchField} onTopUp={(customerId) => setToppingUp({ customerId })} />
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
    </TouchTargets>
  );
}
