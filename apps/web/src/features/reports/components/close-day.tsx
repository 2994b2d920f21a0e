import { type WalletOffLedger, walletOffLedger } from "@kantien/domain/dashboard";
import type { IsoDate } from "@kantien/domain/dates";
import { formatRand } from "@kantien/domain/money";
import ErrorIcon from "@mui/icons-material/Error";
import LockIcon from "@mui/icons-material/Lock";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatLongDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { type DayReportWithClose, useCloseDay } from "../api/day-report";

/**
 * What a `day_not_balanced` refusal names: the day's difference (when there is one) and the
 * wallets that do not match their ledger.
 */
function refusal(error: unknown): { difference: string | null; wallets: WalletOffLedger[] } {
  if (!(error instanceof ApiError) || error.code !== "day_not_balanced")
    return { difference: null, wallets: [] };
  const details = error.details as { difference?: unknown; wallets?: unknown } | undefined;
  const wallets = z.array(walletOffLedger).safeParse(details?.wallets);
  const difference = typeof details?.difference === "string" ? details.difference : null;
  return {
    difference: difference !== null && Number(difference) !== 0 ? difference : null,
    wallets: wallets.success ? wallets.data : [],
  };
}

/**
 * "Sluit dag af", under the wallet proof: asks first, with the proof's result and the bank credits
 * still waiting (a closed day's figures never change), then the server freezes the day or says why
 * not (not over, not balanced with the difference, already closed).
 */
export function CloseDay({ report, today }: { report: DayReportWithClose; today: IsoDate }) {
  const { t } = useTranslation();
  const { date, walletProof: proof, bankCreditsWaiting } = report;
  const language = currentLanguage();
  const [asking, setAsking] = useState(false);
  const closeDay = useCloseDay();
  // The server's rule, mirrored: only a day that is over closes.
  const over = date < today;
  const { difference, wallets } = refusal(closeDay.error);

  return (
    <Box sx={{ displayPrint: "none", display: "flex", flexDirection: "column", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Button
          variant="contained"
          startIcon={<LockIcon />}
          disabled={!over || closeDay.isPending}
          onClick={() => {
            closeDay.reset();
            setAsking(true);
          }}
        >
          {t("screens.reports.close.action")}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {over ? t("screens.reports.close.open") : t("screens.reports.close.notOver")}
        </Typography>
      </Box>
      {closeDay.isError ? (
        <Alert severity="error" icon={<ErrorIcon />}>
          {errorMessage(closeDay.error, t("errors.add"))}
          {difference
            ? ` ${t("screens.reports.close.difference", { difference: formatRand(difference) })}`
            : null}
          {wallets.length > 0 ? (
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
              {wallets.map((wallet) => (
                <li key={wallet.customerId}>
                  {t("screens.reports.close.walletOffLedger", {
                    name: wallet.name,
                    balance: formatRand(wallet.balance),
                    ledger: formatRand(wallet.ledger),
                    difference: formatRand(wallet.difference),
                  })}
                </li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t("screens.reports.close.confirmTitle", { date: formatLongDate(date, language) })}
        // What the close rests on, then what it does: the proof's result, the bank credits not yet
        // in any wallet, and that the figures never change again.
        message={[
          proof.balanced
            ? t("screens.reports.close.confirmBalanced", { closing: formatRand(proof.closing) })
            : t("screens.reports.close.confirmNotBalanced", { difference: formatRand(proof.difference) }),
          bankCreditsWaiting > 0
            ? t("screens.reports.close.confirmWaiting", { count: bankCreditsWaiting })
            : t("screens.reports.close.confirmNoneWaiting"),
          t("screens.reports.close.confirmMessage"),
        ].join(" ")}
        confirmLabel={t("screens.reports.close.action")}
        cancelLabel={t("common.cancel")}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          closeDay.mutate(date);
        }}
      />
    </Box>
  );
}
