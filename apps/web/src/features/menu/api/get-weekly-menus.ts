import type { WeeklyMenu } from "@kantien/domain/admin-data";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "../../../lib/api-client";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/admin/data/weekly_menu?limit=500`: every weekly menu (the selector filters them). */
export function weeklyMenusQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.menu, "weeks"] as const,
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<WeeklyMenu[]>>("/api/admin/data/weekly_menu?limit=500", { signal })).data,
  });
}

export function useWeeklyMenus() {
  return useQuery(weeklyMenusQueryOptions());
}
