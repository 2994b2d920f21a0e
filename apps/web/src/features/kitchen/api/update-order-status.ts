import type { KitchenDay } from "@kantien/domain/kitchen";
import type { OrderStatus } from "@kantien/domain/order-status";
import type { orderStatusChangedAnswer } from "@kantien/domain/orders-summary";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { withOrderChange } from "../kitchen-day";

export type OrderStatusChange = {
  id: string;
  status: OrderStatus;
  reason?: string;
  allergensConfirmed?: boolean;
};

/**
 * `PATCH /api/orders/:id/status` with `{status}` (a cancel with its `reason`, Gereed of an order
 * with an allergy alert with `allergensConfirmed`): the server's order rules decide.
 */
export function updateOrderStatus({ id, ...change }: OrderStatusChange) {
  return api.patch<Answer<typeof orderStatusChangedAnswer>>(`/api/orders/${encodeURIComponent(id)}/status`, {
    body: change,
  });
}

/**
 * Moves the card at once (optimistic) and rolls back when the server refuses. On success
 * nothing is refetched: the server's `order` event brings the exact status time.
 */
export function useUpdateOrderStatus({ onError }: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.kitchenOrders });
      const previous = queryClient.getQueryData<KitchenDay>(queryKeys.kitchenOrders);
      if (previous) {
        queryClient.setQueryData<KitchenDay>(
          queryKeys.kitchenOrders,
          withOrderChange(previous, {
            id: change.id,
            status: change.status,
            statusChangedAt: new Date().toISOString(),
          }),
        );
      }
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.kitchenOrders, context.previous);
      void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
      onError(error);
    },
  });
}
