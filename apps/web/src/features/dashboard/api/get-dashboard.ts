import type { DashboardSummary } from "@kantien/domain/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";

export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;

/** `GET /api/dashboard`: the counts from one aggregate and the recent activity. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<DashboardSummary>>("/api/dashboard", { signal })).data,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
