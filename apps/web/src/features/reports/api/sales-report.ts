import type { SalesGrouping, salesReportAnswer } from "@kantien/domain/reports";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/reports/sales?from&to&groupBy`: sales, top-ups and money held per period, and the top dishes. */
export function useSalesReport(
  range: { from: string; to: string; groupBy: SalesGrouping },
  enabled: boolean,
) {
  const query = new URLSearchParams(range);
  return useQuery({
    queryKey: [...queryKeys.reports, "sales", range.from, range.to, range.groupBy] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof salesReportAnswer>>(`/api/reports/sales?${query}`, { signal })).data,
    placeholderData: keepPreviousData,
    // A range the server would refuse is not asked for: the field says what is wrong.
    enabled,
  });
}
