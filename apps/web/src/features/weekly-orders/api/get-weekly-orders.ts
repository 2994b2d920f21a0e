import type { IsoDate } from "@kantien/domain/dates";
import type { WeeklyOrders } from "@kantien/domain/weekly-orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";

export const WEEKLY_ORDERS_QUERY_KEY = ["weekly-orders"] as const;

/** `GET /api/weekly-orders?weekStart=`: one request per week, its five days and prep sheets. */
export function weeklyOrdersQueryOptions(weekStart: IsoDate) {
  return queryOptions({
    queryKey: [...WEEKLY_ORDERS_QUERY_KEY, weekStart],
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
