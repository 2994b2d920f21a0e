import type { OrderMenuDay } from "@kantien/domain/orders-summary";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/orders/menu-days`: school days from today on that have something to order. */
export function menuDaysQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.orders, "menu-days"],
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<OrderMenuDay[]>>("/api/orders/menu-days", { signal })).data,
  });
}

export function useMenuDays(enabled: boolean) {
  return useQuery({ ...menuDaysQueryOptions(), enabled });
}
