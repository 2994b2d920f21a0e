import { URGENT_AFTER_MINUTES } from "@kantien/domain/order-status";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import Alert from "@mui/material/Alert";
import { useTranslation } from "react-i18next";

/** Shown while any pending order is older than the urgency limit (30 minutes). */
export function UrgentBanner({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Alert severity="warning" icon={<WarningAmberIcon />} variant="filled">
      {t("screens.kitchen.urgentBanner", { count, minutes: URGENT_AFTER_MINUTES })}
    </Alert>
  );
}
