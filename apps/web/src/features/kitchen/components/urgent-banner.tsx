import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import Alert from "@mui/material/Alert";
import { useTranslation } from "react-i18next";

/** Shown while any waiting order has waited into the canteen's "late" stage (its cards are red). */
export function UrgentBanner({ count, minutes }: { count: number; minutes: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Alert
      severity="warning"
      icon={<WarningAmberIcon />}
      variant="filled"
      // One line beside the counts: a card's place is worth more than a banner's padding.
      sx={{ py: 0, alignItems: "center", flex: "1 1 280px" }}
    >
      {t("screens.kitchen.urgentBanner", { count, minutes })}
    </Alert>
  );
}
