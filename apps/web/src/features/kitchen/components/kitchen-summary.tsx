import type { KitchenOrder } from "@kantien/domain/kitchen";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

const COUNTED = ["total", "pending", "processing", "ready"] as const;

function countOf(orders: readonly KitchenOrder[], key: (typeof COUNTED)[number]): number {
  return key === "total" ? orders.length : orders.filter((order) => order.status === key).length;
}

/** Spec §2 Kitchen board: total, pending, processing and ready counts of the day. */
export function KitchenSummary({ orders }: { orders: readonly KitchenOrder[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t("screens.kitchen.summary")}
      sx={{ display: "grid", gridTemplateColumns: { xs: "repeat(2, 1fr)", md: "repeat(4, 1fr)" }, gap: 2 }}
    >
      {COUNTED.map((key) => {
        const label = t(`screens.kitchen.counts.${key}`);
        return (
          <Paper key={key} role="group" aria-label={label} sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h4" component="p">
              {orders ? countOf(orders, key) : <Skeleton width={40} />}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
