import type { KitchenOrder } from "@kantien/domain/kitchen";
import { portionsByDish } from "@kantien/domain/kitchen-rules";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

const STAGES = ["waiting", "processing", "ready", "delivered"] as const;

const DISH_NAME = { fontWeight: 700, fontSize: "1.125rem" } as const;

/**
 * What to make today: portions (not orders) per dish, by kitchen stage. Until the day's orders
 * are there, one dish's place is kept, so the summary below does not jump when they arrive.
 */
export function PortionsStrip({ orders }: { orders: readonly KitchenOrder[] | undefined }) {
  const { t } = useTranslation();
  if (!orders) {
    return (
      <Paper variant="outlined" aria-hidden="true" sx={{ p: 1.5 }}>
        <Typography sx={DISH_NAME}>
          <Skeleton width="50%" />
        </Typography>
        <Typography>
          <Skeleton width="80%" />
        </Typography>
        {/* A phone shows a dish's four stages on two lines. */}
        <Typography sx={{ display: { sm: "none" } }}>
          <Skeleton width="30%" />
        </Typography>
      </Paper>
    );
  }
  const dishes = portionsByDish(orders);
  if (dishes.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t("screens.kitchen.portions.title")}
      sx={{ display: "grid", gap: 1, gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 320px), 1fr))" }}
    >
      {dishes.map((dish) => (
        <Paper key={dish.itemName} variant="outlined" role="group" aria-label={dish.itemName} sx={{ p: 1.5 }}>
          <Typography sx={DISH_NAME}>
            {t("screens.kitchen.portions.dish", { dish: dish.itemName, count: dish.total })}
          </Typography>
          <Box
            component="ul"
            sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, m: 0, p: 0, listStyle: "none" }}
          >
            {STAGES.map((stage) => (
              <Typography component="li" key={stage} sx={{ fontWeight: stage === "waiting" ? 700 : 400 }}>
                {t(`screens.kitchen.portions.${stage}`, { count: dish[stage] })}
              </Typography>
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
