import { queryOptions, useQuery } from "@tanstack/react-query";
import { kitchenTodayQuery } from "../../../lib/kitchen-orders";

/**
 * The board's day: today's orders in the canteen's time zone. Live events keep it
 * current; polling every `refreshSeconds` is the fallback and pauses while the tab is hidden.
 */
export function kitchenOrdersQueryOptions(refreshSeconds: number) {
  return queryOptions({
    ...kitchenTodayQuery,
    refetchInterval: refreshSeconds * 1000,
    refetchIntervalInBackground: false,
  });
}

export function useKitchenOrders(refreshSeconds: number) {
  return useQuery(kitchenOrdersQueryOptions(refreshSeconds));
}
