import { useQuery } from "@tanstack/react-query";
import { fetchKitchenDay } from "../../../lib/kitchen-orders";
import { queryKeys } from "../../../lib/query-keys";

/** One day's orders, for the prep sheet and the labels. */
export function useKitchenDay(date: string) {
  return useQuery({
    queryKey: [...queryKeys.kitchenOrders, date],
    queryFn: ({ signal }) => fetchKitchenDay(signal, date),
  });
}
