import type { OrderStatus } from "@kantien/domain/order-status";
import type { orderStatusChangedAnswer } from "@kantien/domain/orders-summary";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `PATCH /api/orders/:id/status` with `{status}`: the server's order rules decide, and a
 * cancelled order paid from the wallet is refunded there, once.
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) =>
      api.patch<Answer<typeof orderStatusChangedAnswer>>(`/api/orders/${encodeURIComponent(id)}/status`, {
        body: { status },
      }),
    // The list, the detail and its timeline all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
