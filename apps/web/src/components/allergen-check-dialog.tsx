import type { AllergyAlert } from "@kantien/domain/allergens";
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
import { allergenList } from "../lib/allergen-words";
import { allergyAlertWords } from "../lib/allergy-alert-words";
import { focusOnMount } from "../lib/focus";

/** What the question names of an order: the board's and the orders screen's orders alike. */
type CheckedOrder = {
  pickupNumber: number;
  customerName: string;
  itemName: string;
  allergyAlert: AllergyAlert;
};

type AllergenCheckDialogProps<Order extends CheckedOrder> = {
  /** An order with an allergy alert on its way to Gereed or Afgehaal; null: closed. */
  order: Order | null;
  language: Language;
  onConfirm: (order: Order) => void;
  onClose: () => void;
};

/**
 * "Allergene nagegaan?" before an order with an allergy alert is Gereed or handed over, on the
 * kitchen's board and the admins' orders screen: the server records who said yes. "Nog nie" has
 * the focus, so a hurried tap never confirms.
 */
export function AllergenCheckDialog<Order extends CheckedOrder>({
  order,
  language,
  onConfirm,
  onClose,
}: AllergenCheckDialogProps<Order>) {
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
            allergens: allergyAlertWords(alert, t, (codes) => allergenList(codes, language)),
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
