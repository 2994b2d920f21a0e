import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { Language } from "@kantien/domain/language";
import type { KitchenColumn } from "@kantien/domain/order-status";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type AdvanceOrder, OrderCard } from "./order-card";

const ACCENT: Record<KitchenColumn, string> = {
  pending: "warning.main",
  processing: "primary.main",
  ready: "info.main",
};

/** Spec §9: kitchen lists scroll at 400 px. */
const LIST_MAX_HEIGHT = 400;

type OrderColumnProps = {
  status: KitchenColumn;
  orders: KitchenOrder[] | undefined;
  now: Date;
  roleId: number;
  timeZone: string;
  language: Language;
  onOpen: (id: string) => void;
  onAdvance: AdvanceOrder;
};

export function OrderColumn({ status, orders, ...cardProps }: OrderColumnProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper
      component="section"
      role="region"
      aria-labelledby={headingId}
      // Where the focus goes when an order leaves the column and the board.
      tabIndex={-1}
      data-kitchen-column={status}
      sx={{ p: 2, borderTop: 4, borderColor: ACCENT[status], minWidth: 0 }}
    >
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", mb: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t(`screens.kitchen.columns.${status}`)}
        </Typography>
        {orders ? <Chip size="small" label={orders.length} /> : null}
      </Box>
      {orders === undefined ? (
        [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={96} sx={{ mb: 1 }} />)
      ) : orders.length === 0 ? (
        <Typography color="text.secondary">{t("screens.kitchen.empty")}</Typography>
      ) : (
        <List disablePadding sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: "auto", pr: 0.5 }}>
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} {...cardProps} />
          ))}
        </List>
      )}
    </Paper>
  );
}
