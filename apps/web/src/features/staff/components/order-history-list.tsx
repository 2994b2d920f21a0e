import { formatRand } from "@kantien/domain/money";
import { orderLabel } from "@kantien/domain/order-label";
import type { PersonOrder } from "@kantien/domain/people";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { StatusChip } from "../../../components/status-chip";
import { formatShortDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";

/** The order history list is 200 px high and scrolls. */
const ORDER_HISTORY_HEIGHT = 200;

/** A staff member's orders: the last 4 characters of the id, amount, status and date. */
export function OrderHistoryList({ orders, labelId }: { orders: PersonOrder[]; labelId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (orders.length === 0) {
    return <Typography color="text.secondary">{t("screens.staff.orders.none")}</Typography>;
  }
  return (
    <Paper
      variant="outlined"
      sx={{ height: ORDER_HISTORY_HEIGHT, overflowY: "auto" }}
      tabIndex={0}
      aria-labelledby={labelId}
      role="region"
    >
      <List dense disablePadding aria-labelledby={labelId}>
        {orders.map((order) => (
          <ListItem key={order.id} divider>
            <ListItemText
              primary={
                <Stack
                  direction="row"
                  spacing={1.5}
                  sx={{ alignItems: "center", flexWrap: "wrap" }}
                  component="span"
                >
                  <Typography component="span" sx={{ fontFamily: "monospace", fontWeight: 600 }}>
                    {`#${orderLabel(order)}`}
                  </Typography>
                  <Typography component="span">{formatRand(order.amount)}</Typography>
                  <StatusChip status={order.status} />
                  <Typography component="span" color="text.secondary" variant="body2">
                    {formatShortDate(order.orderDate, language)}
                  </Typography>
                </Stack>
              }
              secondary={order.quantity > 1 ? `${order.itemName} × ${order.quantity}` : order.itemName}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
