import type { CreatedOrder, NewOrder } from "@kantien/domain/orders-summary";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

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
        queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
        // The customer's balance changed.
        queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
      ]),
  });
}
