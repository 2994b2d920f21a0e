import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { Language } from "@kantien/domain/language";
import { orderLabel } from "@kantien/domain/order-label";
import { isUrgent, minutesSince } from "@kantien/domain/order-status";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardActions from "@mui/material/CardActions";
import Chip from "@mui/material/Chip";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../lib/format";
import { type KitchenStep, nextKitchenStep } from "../kitchen-day";

export type AdvanceOrder = (order: KitchenOrder, next: KitchenStep) => void;

type OrderCardProps = {
  order: KitchenOrder;
  now: Date;
  roleId: number;
  timeZone: string;
  language: Language;
  onOpen: (id: string) => void;
  onAdvance: AdvanceOrder;
};

/** One order on the board: a button that opens its details, and the next kitchen step. */
export const OrderCard = memo(function OrderCard(props: OrderCardProps) {
  const { order, now, roleId } = props;
  const { t } = useTranslation();
  const label = orderLabel(order.id, "kitchen");
  const urgent = isUrgent(order.status, order.createdAt, now);
  const next = nextKitchenStep(order.status, roleId);
  return (
    <ListItem disablePadding sx={{ mb: 1 }}>
      <Card variant="outlined" sx={{ width: "100%", borderColor: urgent ? "error.main" : undefined }}>
        <CardActionArea data-order-id={order.id} onClick={() => props.onOpen(order.id)} sx={{ p: 1.5 }}>
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              #{label}
            </Typography>
            {urgent ? (
              <Chip
                component="span"
                size="small"
                color="error"
                icon={<WarningAmberIcon aria-hidden="true" />}
                label={t("screens.kitchen.urgent")}
              />
            ) : null}
          </Box>
          <Typography component="span" sx={{ display: "block" }}>
            {order.customerName}
          </Typography>
          <Typography component="span" sx={{ display: "block", fontWeight: 500 }}>
            {`${order.itemName} × ${order.quantity}`}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
            {t("screens.kitchen.placedAt", {
              time: formatTime(order.createdAt, props.timeZone, props.language),
            })}
          </Typography>
          {order.status === "processing" ? (
            <Typography component="span" variant="body2" sx={{ display: "block" }}>
              {t("screens.kitchen.minutesInPreparation", { count: minutesSince(order.statusChangedAt, now) })}
            </Typography>
          ) : null}
        </CardActionArea>
        {next ? (
          <CardActions sx={{ pt: 0, px: 1.5, pb: 1.5 }}>
            <Button variant="contained" size="small" onClick={() => props.onAdvance(order, next)}>
              {t(`screens.kitchen.actions.${next}`)}
            </Button>
          </CardActions>
        ) : null}
      </Card>
    </ListItem>
  );
});
