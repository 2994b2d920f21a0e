import type { MyOrder } from "@kantien/domain/my";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { whose } from "../../../lib/acting-for";
import { declarationWords } from "../../../lib/allergen-words";
import { currentLanguage } from "../../../lib/i18n";

/**
 * "Die gereg se allergene het verander": my order's dish changed its allergens after I ordered it,
 * giving it an alert for my allergies, and what it now holds (decision 0041). Loaded only for such
 * an order, with the allergens' words.
 */
export function AllergensChangedNote({ changed }: { changed: NonNullable<MyOrder["allergensChanged"]> }) {
  const { t } = useTranslation();
  const declared = declarationWords(changed.allergens, currentLanguage());
  return (
    <Alert severity="warning">
      <AlertTitle>{t("my.orders.allergensChangedTitle")}</AlertTitle>
      <Typography component="p">{t("my.orders.allergensChangedBody", { context: whose() })}</Typography>
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {declared ? t("my.orders.allergensNowHolds", { declared }) : t("my.orders.allergensNowNone")}
      </Typography>
      {changed.checked ? null : <Typography component="p">{t("my.orders.allergensNowUnchecked")}</Typography>}
    </Alert>
  );
}
