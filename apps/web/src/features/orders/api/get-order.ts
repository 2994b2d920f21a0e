import type { OrderDetail } from "@kantien/domain/orders-summary";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const orderQueryKey = (id: string) => [...queryKeys.orders, "detail", id] as const;

/** `GET /api/orders/:id`: the order with its price, wallet payment and recorded timeline. */
export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<OrderDetail>>(`/api/orders/${encodeURIComponent(id)}`, { signal })).data,
  });
}

export function useOrder(id: string | null) {
  return useQuery({ ...orderQueryOptions(id ?? ""), enabled: id !== null });
}
