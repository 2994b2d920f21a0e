import type { KitchenCounterSold, KitchenDishCap, KitchenOrder } from "@kantien/domain/kitchen";
import { portionsByDish } from "@kantien/domain/kitchen-rules";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

const STAGES = ["waiting", "processing", "ready", "delivered"] as const;

const DISH_NAME = { fontWeight: 700 } as const;

/**
 * What to make today: portions (not orders) per dish, by kitchen stage, one line per dish, and
 * for a dish whose portions are capped, how many are made and left (decision 0069), and how many
 * were sold at the counter (decision 0071).
 * Until the day's orders are there, one dish's place is kept, so the board does not jump.
 */
export function PortionsStrip({
  orders,
  caps = [],
  atCounter = [],
  onCorrect,
}: {
  orders: readonly KitchenOrder[] | undefined;
  caps?: readonly KitchenDishCap[];
  atCounter?: readonly KitchenCounterSold[];
  /** An admin's correction of a capped dish's count; none for the kitchen's staff. */
  onCorrect?: (cap: KitchenDishCap & { foodItemId: string }) => void;
}) {
  const { t } = useTranslation();
  if (!orders) {
    return (
      <Typography aria-hidden="true" sx={{ px: 1.5, py: 0.5 }}>
        <Skeleton width="60%" />
      </Typography>
    );
  }
  const ordered = portionsByDish(orders);
  // A dish only sold at the counter has a line too.
  const dishes = [
    ...ordered,
    ...atCounter
      .filter((sold) => !ordered.some((dish) => dish.itemName === sold.itemName))
      .map((sold) => ({
        itemName: sold.itemName,
        total: 0,
        waiting: 0,
        processing: 0,
        ready: 0,
        delivered: 0,
      })),
  ];
  if (dishes.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t("screens.kitchen.portions.title")}
      sx={{
        display: "grid",
        gap: 0.5,
        gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 420px), 1fr))",
      }}
    >
      {dishes.map((dish) => (
        <Paper
          key={dish.itemName}
          variant="outlined"
          role="group"
          aria-label={dish.itemName}
          sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 2, px: 1.5, py: 0.5 }}
        >
          <Typography sx={DISH_NAME}>
            {t("screens.kitchen.portions.dish", { dish: dish.itemName, count: dish.total })}
          </Typography>
          <CapLine cap={caps.find((cap) => cap.itemName === dish.itemName)} onCorrect={onCorrect} />
          <SoldAtCounter sold={atCounter.find((sold) => sold.itemName === dish.itemName)} />
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

/** How many of a capped dish are made and left, and an admin's way to correct it; nothing without a cap. */
function CapLine({
  cap,
  onCorrect,
}: {
  cap: KitchenDishCap | undefined;
  onCorrect: ((cap: KitchenDishCap & { foodItemId: string }) => void) | undefined;
}) {
  const { t } = useTranslation();
  if (!cap) return null;
  const { foodItemId } = cap;
  return (
    <>
      <Typography sx={{ fontWeight: 700, color: cap.left === 0 ? "error.main" : "text.primary" }}>
        {cap.left === 0
          ? t("screens.kitchen.portions.soldOut", { count: cap.portions })
          : t("screens.kitchen.portions.left", { count: cap.portions, left: cap.left })}
      </Typography>
      {onCorrect && foodItemId ? (
        <Button size="small" onClick={() => onCorrect({ ...cap, foodItemId })}>
          {t("screens.kitchen.portions.correct")}
        </Button>
      ) : null}
    </>
  );
}

/** How many of the dish the counter sold today; nothing when none. */
function SoldAtCounter({ sold }: { sold: KitchenCounterSold | undefined }) {
  const { t } = useTranslation();
  if (!sold || sold.sold === 0) return null;
  return <Typography>{t("screens.kitchen.portions.atCounter", { count: sold.sold })}</Typography>;
}
