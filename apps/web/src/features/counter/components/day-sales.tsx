import type { CounterSale } from "@kantien/domain/counter-sales";
import { formatRand } from "@kantien/domain/money";
import { isAdminRole } from "@kantien/domain/roles";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { ReasonDialog } from "../../../components/reason-dialog";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useSession } from "../../../lib/session";
import { useDaySales, useVoidSale } from "../api/sales";

/** Today's sales at the counter, the last first; an admin voids one with a reason. */
export function DaySalesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const sales = useDaySales();
  const { user } = useSession();
  const [voiding, setVoiding] = useState<CounterSale | null>(null);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("screens.counterSales.daySales")}</DialogTitle>
      <DialogContent>
        {sales.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 3 }}>
            <CircularProgress aria-label={t("screens.counterSales.loading")} />
          </Box>
        ) : sales.isError ? (
          <LoadError error={sales.error} onRetry={() => void sales.refetch()} />
        ) : sales.data.length === 0 ? (
          <Typography color="text.secondary">{t("screens.counterSales.noSales")}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
            {sales.data.map((sale) => (
              <SaleRow
                key={sale.id}
                sale={sale}
                onVoid={isAdminRole(user?.role_id ?? 0) && !sale.voided ? () => setVoiding(sale) : null}
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("screens.counter.close")}</Button>
      </DialogActions>
      {voiding ? <VoidSaleDialog sale={voiding} onClose={() => setVoiding(null)} /> : null}
    </Dialog>
  );
}

function SaleRow({ sale, onVoid }: { sale: CounterSale; onVoid: (() => void) | null }) {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  return (
    <Box
      component="li"
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      <Box sx={{ mr: "auto", minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, textDecoration: sale.voided ? "line-through" : "none" }}>
          {t("screens.counterSales.receiptTitle", { number: sale.number })} ·{" "}
          {formatTime(sale.soldAt, timeZone, currentLanguage())} · {formatRand(sale.total)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[
            t(`screens.counterSales.methods.${sale.method}`),
            sale.customer?.name,
            sale.lines.map((line) => `${line.name} × ${line.quantity}`).join(", "),
          ]
            .filter(Boolean)
            .join(" · ")}
        </Typography>
        {sale.voided ? (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            sx={{ mt: 0.5 }}
            label={t("screens.counterSales.voided", { reason: sale.voided.reason, by: sale.voided.by })}
          />
        ) : null}
      </Box>
      {onVoid ? (
        <Button color="error" onClick={onVoid}>
          {t("screens.counterSales.void")}
        </Button>
      ) : null}
    </Box>
  );
}

function VoidSaleDialog({ sale, onClose }: { sale: CounterSale; onClose: () => void }) {
  const { t } = useTranslation();
  const voidSale = useVoidSale();
  const notify = useNotice();
  return (
    <ReasonDialog
      title={t("screens.counterSales.voidTitle", { number: sale.number })}
      text={t(sale.customer ? "screens.counterSales.voidTextWallet" : "screens.counterSales.voidTextCash", {
        total: formatRand(sale.total),
        name: sale.customer?.name ?? "",
      })}
      reasonLabel={t("screens.counterSales.voidReason")}
      confirmLabel={t("screens.counterSales.void")}
      pendingLabel={t("screens.counterSales.voiding")}
      cancelLabel={t("screens.counterSales.keep")}
      pending={voidSale.isPending}
      error={voidSale.isError ? errorMessage(voidSale.error, t("screens.counterSales.voidFailed")) : null}
      onConfirm={(reason) =>
        voidSale.mutate(
          { id: sale.id, reason },
          {
            onSuccess: (answer) => {
              notify({ severity: "success", text: answer.message });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
