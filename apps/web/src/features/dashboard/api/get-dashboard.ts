import type { DashboardSummary } from "@kantien/domain/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/dashboard`: the counts from one aggregate and the recent activity. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<DashboardSummary>>("/api/dashboard", { signal })).data,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
