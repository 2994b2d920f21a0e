import type { OrderStatus } from "@kantien/domain/order-status";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `PUT /api/admin/data/order/:id` with `{status}`: the server's order rules decide, and a
 * cancelled order paid from the wallet is refunded there, once.
 */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OrderStatus }) =>
      api.put<DataEnvelope<unknown>>(`/api/admin/data/order/${encodeURIComponent(id)}`, { body: { status } }),
    // The list, the detail and its timeline all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
  });
}
