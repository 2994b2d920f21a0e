import { type OrderStatus, statusChipColor } from "@kantien/domain/order-status";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

/** An order status by its one name (`resources.order.statuses`) with its chip colour (`statusChipColor`). */
export function StatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={statusChipColor(status)} label={t(`resources.order.statuses.${status}`)} />
  );
}
