import type { OrderStatusChangeInput, orderStatusChangedAnswer } from "@kantien/domain/orders-summary";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `PATCH /api/orders/:id/status` with `{status}` (a cancel with its `reason`): the server's
 * order rules decide, and a cancelled order paid from the wallet is refunded there, once; the
 * answer says how much.
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string } & OrderStatusChangeInput) =>
      api.patch<Answer<typeof orderStatusChangedAnswer>>(`/api/orders/${encodeURIComponent(id)}/status`, {
        body: change,
      }),
    // The list, the detail and its timeline all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
