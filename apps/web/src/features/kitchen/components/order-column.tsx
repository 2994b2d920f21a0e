import type { KitchenOrder } from "@kantien/domain/kitchen";
import type { KitchenColumn } from "@kantien/domain/order-status";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type CardContext, OrderCard } from "./order-card";

export const COLUMN_ACCENT: Record<KitchenColumn, string> = {
  pending: "warning.main",
  processing: "primary.main",
  ready: "info.main",
};

/** Kitchen lists scroll at 400 px (in the back office's layout). */
const LIST_MAX_HEIGHT = 400;

type OrderColumnProps = {
  status: KitchenColumn;
  orders: KitchenOrder[] | undefined;
  context: CardContext;
  newIds: ReadonlySet<string>;
  /** The 400 px scroll box (the back office), or one long column the page scrolls (kitchen mode). */
  scroll: boolean;
  /** Without its heading: the kitchen mode's tabs name the column. */
  hideHeading?: boolean;
};

/** Scrolls the first highlighted card of the column into view. */
function showFirstNew(column: HTMLElement | null) {
  column?.querySelector<HTMLElement>("[data-new-order] [data-order-id]")?.scrollIntoView({ block: "center" });
}

export function OrderColumn({ status, orders, context, newIds, scroll, hideHeading }: OrderColumnProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const fresh = orders?.filter((order) => newIds.has(order.id)).length ?? 0;
  const heading = t(`screens.kitchen.columns.${status}`);
  return (
    <Paper
      component="section"
      role="region"
      aria-labelledby={hideHeading ? undefined : headingId}
      aria-label={hideHeading ? heading : undefined}
      // Where the focus goes when an order leaves the column and the board.
      tabIndex={-1}
      data-kitchen-column={status}
      // Outlined in the kitchen mode: the sticky heading then has the column's own colour.
      variant={scroll ? "elevation" : "outlined"}
      sx={{ p: { xs: 1.5, sm: 2 }, borderTop: 4, borderColor: COLUMN_ACCENT[status], minWidth: 0 }}
    >
      {hideHeading ? null : (
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1,
            mb: 1.5,
            // One long column: its heading stays in sight while the page scrolls.
            ...(!scroll && { position: "sticky", top: 0, zIndex: 1, bgcolor: "background.paper", py: 1 }),
          }}
        >
          <Typography id={headingId} variant="h6" component="h2" sx={{ mr: "auto" }}>
            {heading}
          </Typography>
          {fresh > 0 ? (
            <Chip
              color="secondary"
              label={t("screens.kitchen.newCount", { count: fresh })}
              onClick={(event) => showFirstNew(event.currentTarget.closest("section"))}
            />
          ) : null}
          {orders ? (
            <Chip
              label={orders.length}
              aria-label={t("screens.kitchen.orderCount", { count: orders.length })}
            />
          ) : null}
        </Box>
      )}
      {orders === undefined ? (
        [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={120} sx={{ mb: 1 }} />)
      ) : orders.length === 0 ? (
        <Typography color="text.secondary">{t("screens.kitchen.empty")}</Typography>
      ) : (
        <List
          disablePadding
          sx={scroll ? { maxHeight: LIST_MAX_HEIGHT, overflowY: "auto", pr: 0.5 } : undefined}
        >
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} context={context} isNew={newIds.has(order.id)} />
          ))}
        </List>
      )}
    </Paper>
  );
}
