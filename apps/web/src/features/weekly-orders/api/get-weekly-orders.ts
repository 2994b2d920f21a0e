import type { IsoDate } from "@kantien/domain/dates";
import type { WeeklyOrders } from "@kantien/domain/weekly-orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/weekly-orders?weekStart=`: one request per week, its five days and prep sheets. */
export function weeklyOrdersQueryOptions(weekStart: IsoDate) {
  return queryOptions({
    queryKey: [...queryKeys.weeklyOrders, weekStart],
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<WeeklyOrders>>(
          `/api/weekly-orders?weekStart=${encodeURIComponent(weekStart)}`,
          { signal },
        )
      ).data,
  });
}

export function useWeeklyOrders(weekStart: IsoDate) {
  return useQuery(weeklyOrdersQueryOptions(weekStart));
}
