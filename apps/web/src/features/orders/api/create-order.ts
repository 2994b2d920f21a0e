import type { NewOrder, OrderDetail } from "@kantien/domain/orders-summary";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { CUSTOMERS_QUERY_KEY } from "../../users/api/customers-api";
import { ORDERS_QUERY_KEY } from "./get-orders";

export type CreatedOrder = { order: OrderDetail; balance: string };

/**
 * `POST /api/orders`: the server takes the price from the item and pays from the customer's
 * wallet. `idempotencyKey` is one per submission of the dialog, so a retry never charges twice.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ order, idempotencyKey }: { order: NewOrder; idempotencyKey: string }) =>
      (
        await api.post<DataEnvelope<CreatedOrder>>("/api/orders", {
          body: order,
          headers: { "Idempotency-Key": idempotencyKey },
        })
      ).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
        // The customer's balance changed.
        queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY }),
      ]),
  });
}
