import type { KitchenOrder } from "@kantien/domain/kitchen";
import { kitchenCounts } from "@kantien/domain/kitchen-rules";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

const COUNTED = ["pending", "processing", "ready", "delivered", "total"] as const;

/**
 * The kitchen board's counts: the three columns and the collected orders, which add up to the
 * day's total (cancelled and failed left out).
 */
export function KitchenSummary({ orders }: { orders: readonly KitchenOrder[] | undefined }) {
  const { t } = useTranslation();
  const counts = orders ? kitchenCounts(orders) : null;
  return (
    <Box
      component="section"
      aria-label={t("screens.kitchen.summary")}
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "repeat(3, 1fr)", sm: "repeat(5, 1fr)" },
        gap: { xs: 1, sm: 2 },
      }}
    >
      {COUNTED.map((key) => {
        const label = t(`screens.kitchen.counts.${key}`);
        return (
          <Paper key={key} role="group" aria-label={label} sx={{ px: 2, py: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h4" component="p">
              {counts ? counts[key] : <Skeleton width={40} />}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
