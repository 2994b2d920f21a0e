import type { DashboardSummary } from "@kantien/domain/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/dashboard`: today's kitchen, money (admins), low balances, days without a menu, recent activity. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<DashboardSummary>>("/api/dashboard", { signal })).data,
    // Today moves on: read again each minute, so the numbers keep up with the kitchen board.
    refetchInterval: 60_000,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
