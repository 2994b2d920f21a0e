import { queryOptions, useQuery } from "@tanstack/react-query";
import { fetchKitchenDay } from "../../../lib/kitchen-orders";
import { queryKeys } from "../../../lib/query-keys";

/**
 * The board's day: today's orders in the canteen's time zone. Live events keep it
 * current; polling every `refreshSeconds` is the fallback and pauses while the tab is hidden.
 */
export function kitchenOrdersQueryOptions(refreshSeconds: number) {
  return queryOptions({
    queryKey: queryKeys.kitchenOrders,
    queryFn: ({ signal }) => fetchKitchenDay(signal),
    refetchInterval: refreshSeconds * 1000,
    refetchIntervalInBackground: false,
  });
}

export function useKitchenOrders(refreshSeconds: number) {
  return useQuery(kitchenOrdersQueryOptions(refreshSeconds));
}
