import type { liabilityReportAnswer } from "@kantien/domain/reports";
import { useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/reports/liability`: the customers' money the canteen holds, by how long it has slept. */
export function useLiabilityReport() {
  return useQuery({
    queryKey: [...queryKeys.reports, "liability"] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof liabilityReportAnswer>>("/api/reports/liability", { signal })).data,
  });
}
