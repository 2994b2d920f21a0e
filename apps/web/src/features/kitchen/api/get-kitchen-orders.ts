import type { KitchenDay } from "@kantien/domain/kitchen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/kitchen/orders`: one day's orders, today in the canteen's time zone without a date. */
async function fetchKitchenDay(signal: AbortSignal, date?: string): Promise<KitchenDay> {
  const query = date ? `?date=${encodeURIComponent(date)}` : "";
  return (await api.get<DataEnvelope<KitchenDay>>(`/api/kitchen/orders${query}`, { signal })).data;
}

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

/** One day's orders, for the prep sheet and the labels. */
export function useKitchenDay(date: string) {
  return useQuery({
    queryKey: [...queryKeys.kitchenOrders, date],
    queryFn: ({ signal }) => fetchKitchenDay(signal, date),
  });
}
