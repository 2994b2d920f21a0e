import type { KitchenOrder } from "@kantien/domain/kitchen";
import { kitchenCounts } from "@kantien/domain/kitchen-rules";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

const COUNTED = ["pending", "processing", "ready", "delivered", "total"] as const;

/**
 * The kitchen board's counts, on one short line: the three columns and the collected orders,
 * which add up to the day's total (cancelled and failed left out).
 */
export function KitchenSummary({ orders }: { orders: readonly KitchenOrder[] | undefined }) {
  const { t } = useTranslation();
  const counts = orders ? kitchenCounts(orders) : null;
  return (
    <Box
      component="section"
      aria-label={t("screens.kitchen.summary")}
      sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}
    >
      {COUNTED.map((key) => {
        const label = t(`screens.kitchen.counts.${key}`);
        return (
          <Paper
            key={key}
            variant="outlined"
            role="group"
            aria-label={label}
            sx={{
              display: "flex",
              alignItems: "baseline",
              gap: 1,
              px: 1.25,
              py: 0.5,
              fontWeight: key === "total" ? 700 : undefined,
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="p" sx={{ fontSize: "1.25rem", fontWeight: 700, lineHeight: 1.4 }}>
              {counts ? counts[key] : <Skeleton width={24} />}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
