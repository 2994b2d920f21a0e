import { orderQrContent } from "@kantien/domain/kitchen-rules";
import type { MyOrder } from "@kantien/domain/my";
import { orderLabel } from "@kantien/domain/order-label";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { QrCode } from "../../../components/qr-code";
import { formatDayHeading } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";

/**
 * The order's QR code, large, for the counter to scan from the phone, with what and for which
 * day it is, so a customer with orders on several days shows the right one.
 */
export function OrderQrDialog({ order, onClose }: { order: MyOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const label = orderLabel(order);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("my.orders.qrTitle", { label })}</DialogTitle>
      <DialogContent sx={{ display: "grid", justifyItems: "center", gap: 1.5 }}>
        <QrCode
          content={orderQrContent(order.id)}
          size="min(72vw, 300px)"
          label={t("my.orders.qrAlt", { label })}
        />
        <Typography sx={{ fontWeight: 700, fontSize: "1.25rem", textAlign: "center" }}>
          {order.deliveryDate
            ? formatDayHeading(order.deliveryDate, currentLanguage())
            : t("common.notSpecified")}
        </Typography>
        <Typography sx={{ fontWeight: 700 }}>
          {order.item.name} × {order.quantity}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: "center" }}>
          {t("my.orders.qrHelp")}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large" sx={{ minHeight: 48 }}>
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
