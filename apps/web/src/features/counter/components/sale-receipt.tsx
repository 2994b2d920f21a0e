import type { CounterSale } from "@kantien/domain/counter-sales";
import { formatRand } from "@kantien/domain/money";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { TillSlip } from "../../../components/till-slip";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";

/** A sale just made: its lines, total and how it was paid, the 80 mm slip, and on to the next one. */
export function SaleReceipt({ sale, onNext }: { sale: CounterSale; onNext: () => void }) {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const next = useRef<HTMLButtonElement>(null);
  // Enter (or a scanner's) starts the next sale.
  useEffect(() => next.current?.focus(), []);
  const title = t("screens.counterSales.receiptTitle", { number: sale.number });
  const paid: [string, string][] = [
    [t("screens.counterSales.receiptMethod"), t(`screens.counterSales.methods.${sale.method}`)],
    ...(sale.customer
      ? ([[t("screens.counterSales.receiptCustomer"), sale.customer.name]] as [string, string][])
      : []),
    ...(sale.balanceAfter !== null
      ? ([[t("screens.counterSales.receiptBalance"), formatRand(sale.balanceAfter)]] as [string, string][])
      : []),
  ];
  const lines = sale.lines.map(
    (line) => [`${line.name} × ${line.quantity}`, formatRand(line.total)] as const,
  );
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Alert severity="success" role="status">
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          {title}: {formatRand(sale.total)}
        </Typography>
      </Alert>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {lines.map(([label, value]) => (
          <Box component="li" key={label} sx={{ display: "flex", justifyContent: "space-between" }}>
            <span>{label}</span>
            <span>{value}</span>
          </Box>
        ))}
      </Stack>
      {paid.map(([label, value]) => (
        <Box key={label} sx={{ display: "flex", justifyContent: "space-between", color: "text.secondary" }}>
          <span>{label}</span>
          <span>{value}</span>
        </Box>
      ))}
      <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: "1fr 1fr" }}>
        <Button variant="outlined" onClick={() => window.print()}>
          {t("screens.counterSales.print")}
        </Button>
        <Button ref={next} variant="contained" onClick={onNext}>
          {t("screens.counterSales.next")}
        </Button>
      </Box>
      <TillSlip
        title={title}
        heading={[formatDateTime(sale.soldAt, timeZone, currentLanguage())]}
        rows={[...lines, [t("screens.counterSales.total"), formatRand(sale.total)], ...paid]}
        thanks={t("screens.counterSales.thanks")}
      />
    </Stack>
  );
}
