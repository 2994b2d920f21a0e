import type { KitchenDay } from "@kantien/domain/kitchen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";

export const KITCHEN_ORDERS_QUERY_KEY = ["kitchen", "orders"] as const;

/**
 * `GET /api/kitchen/orders`: today's orders in the canteen's time zone. Live events keep it
 * current; polling every `refreshSeconds` is the fallback and pauses while the tab is hidden.
 */
export function kitchenOrdersQueryOptions(refreshSeconds: number) {
  return queryOptions({
    queryKey: KITCHEN_ORDERS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<KitchenDay>>("/api/kitchen/orders", { signal })).data,
    refetchInterval: refreshSeconds * 1000,
    refetchIntervalInBackground: false,
  });
}

export function useKitchenOrders(refreshSeconds: number) {
  return useQuery(kitchenOrdersQueryOptions(refreshSeconds));
}
