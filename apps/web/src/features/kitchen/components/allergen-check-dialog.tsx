import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { Language } from "@kantien/domain/language";
import { orderLabel } from "@kantien/domain/order-label";
import WarningAmber from "@mui/icons-material/WarningAmber";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { allergenList } from "../../../lib/allergen-words";
import { focusOnMount } from "../../../lib/focus";

type AllergenCheckDialogProps = {
  /** An order with an allergy alert on its way to Gereed; null: closed. */
  order: KitchenOrder | null;
  language: Language;
  onConfirm: (order: KitchenOrder) => void;
  onClose: () => void;
};

/**
 * "Allergene nagegaan?" before an order with an allergy alert is Gereed: the server records who
 * said yes. "Nog nie" has the focus, so a hurried tap never confirms.
 */
export function AllergenCheckDialog({ order, language, onConfirm, onClose }: AllergenCheckDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const alert = order?.allergyAlert ?? null;
  if (!order || !alert) return null;
  return (
    <Dialog open onClose={onClose} role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId}>
      <DialogTitle id={titleId} sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <WarningAmber color="error" aria-hidden="true" />
        {t("screens.kitchen.allergyCheck.title")}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>
          {t("screens.kitchen.allergyCheck.body", {
            label: orderLabel(order),
            name: order.customerName,
            item: order.itemName,
            allergens: allergenList(alert.codes, language),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onClose} ref={focusOnMount} size="large" sx={{ minHeight: 48 }}>
          {t("screens.kitchen.allergyCheck.no")}
        </Button>
        <Button
          onClick={() => onConfirm(order)}
          variant="contained"
          color="error"
          size="large"
          sx={{ minHeight: 48 }}
        >
          {t("screens.kitchen.allergyCheck.yes")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
