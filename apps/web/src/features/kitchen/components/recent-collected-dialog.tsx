import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { Language } from "@kantien/domain/language";
import { orderLabel } from "@kantien/domain/order-label";
import { STEP_BACK_WINDOW_MINUTES } from "@kantien/domain/order-status";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../lib/format";

type RecentCollectedDialogProps = {
  open: boolean;
  orders: readonly KitchenOrder[];
  timeZone: string;
  language: Language;
  onRecall: (order: KitchenOrder) => void;
  onClose: () => void;
};

/** "Onlangs afgehaal": orders collected in the last 30 minutes, each one tap from coming back. */
export function RecentCollectedDialog(props: RecentCollectedDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t("screens.kitchen.recent.title")}</DialogTitle>
      <DialogContent>
        {props.orders.length === 0 ? (
          <Typography color="text.secondary">
            {t("screens.kitchen.recent.empty", { minutes: STEP_BACK_WINDOW_MINUTES })}
          </Typography>
        ) : (
          <List disablePadding>
            {props.orders.map((order) => (
              <ListItem
                key={order.id}
                divider
                disableGutters
                secondaryAction={
                  <Button variant="outlined" sx={{ minHeight: 48 }} onClick={() => props.onRecall(order)}>
                    {t("screens.kitchen.recent.recall")}
                  </Button>
                }
                sx={{ pr: 18 }}
              >
                <ListItemText
                  primary={`#${orderLabel(order)} · ${order.itemName} × ${order.quantity}`}
                  secondary={t("screens.kitchen.recent.collectedAt", {
                    name: order.customerName,
                    time: formatTime(order.statusChangedAt, props.timeZone, props.language),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} sx={{ minHeight: 48 }}>
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
