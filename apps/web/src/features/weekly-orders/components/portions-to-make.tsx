import type { DishToMake } from "@kantien/domain/kitchen-rules";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";

type PortionsToMakeProps = {
  title: string;
  /** From `portionsToMake`: dishes with portions left, the largest first. */
  dishes: readonly DishToMake[];
  /** A day card lists one dish a line under an h3; the week's summary wraps them in a row under an h2. */
  variant: "day" | "week";
};

/** Portions still to make per dish, for the cook planning the week (pending, paid, processing). */
export function PortionsToMake({ title, dishes, variant }: PortionsToMakeProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const week = variant === "week";
  return (
    <>
      <Typography
        id={headingId}
        variant={week ? "h6" : "subtitle2"}
        component={week ? "h2" : "h3"}
        sx={{ mb: 0.5 }}
      >
        {title}
      </Typography>
      {dishes.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t("screens.weeklyOrders.toMakeEmpty")}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby={headingId}
          sx={{
            m: 0,
            p: 0,
            listStyle: "none",
            display: "flex",
            flexDirection: week ? "row" : "column",
            flexWrap: "wrap",
            columnGap: 3,
            rowGap: 0.5,
          }}
        >
          {dishes.map((dish) => (
            <Typography component="li" key={dish.itemName} variant={week ? "body1" : "body2"}>
              {`${dish.itemName} × `}
              <Box component="strong" sx={{ fontWeight: 700 }}>
                {dish.portions}
              </Box>
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
}
