import { type OrderStatus, statusChipColor } from "@kantien/domain/order-status";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

/**
 * An order status with its chip colour (`statusChipColor`); `forCustomer` says it in the customer's
 * words (`my.orders.statuses`: a waiting order says it waits for the kitchen).
 */
export function StatusChip({ status, forCustomer = false }: { status: OrderStatus; forCustomer?: boolean }) {
  const { t } = useTranslation();
  const label = forCustomer ? t(`my.orders.statuses.${status}`) : t(`resources.order.statuses.${status}`);
  return <Chip size="small" color={statusChipColor(status)} label={label} />;
}
