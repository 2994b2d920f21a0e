import type { KitchenDay } from "@kantien/domain/kitchen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `GET /api/kitchen/orders`: today's orders in the canteen's time zone. Live events keep it
 * current; polling every `refreshSeconds` is the fallback and pauses while the tab is hidden.
 */
export function kitchenOrdersQueryOptions(refreshSeconds: number) {
  return queryOptions({
    queryKey: queryKeys.kitchenOrders,
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<KitchenDay>>("/api/kitchen/orders", { signal })).data,
    refetchInterval: refreshSeconds * 1000,
    refetchIntervalInBackground: false,
  });
}

export function useKitchenOrders(refreshSeconds: number) {
  return useQuery(kitchenOrdersQueryOptions(refreshSeconds));
}

/** `GET /api/kitchen/orders?date=`: one day's orders for the prep sheet and the labels. */
export function useKitchenDay(date: string) {
  return useQuery({
    queryKey: [...queryKeys.kitchenOrders, date],
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<KitchenDay>>(`/api/kitchen/orders?date=${encodeURIComponent(date)}`, {
          signal,
        })
      ).data,
  });
}
