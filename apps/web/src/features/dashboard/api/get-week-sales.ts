import { mondayOf } from "@kantien/domain/dates";
import type { salesReportAnswer } from "@kantien/domain/reports";
import { useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/reports/sales` for this week so far (admins): the dashboard's "this week" card. */
export function useWeekSales(today: string) {
  const query = new URLSearchParams({ from: mondayOf(today), to: today, groupBy: "week" });
  return useQuery({
    queryKey: [...queryKeys.reports, "sales", "this-week", today] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof salesReportAnswer>>(`/api/reports/sales?${query}`, { signal })).data
        .totals,
  });
}
