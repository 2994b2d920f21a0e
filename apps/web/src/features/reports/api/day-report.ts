import type { dayClosesAnswer, dayReportAnswer } from "@kantien/domain/reports";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type DayReportWithClose = Answer<typeof dayReportAnswer>["data"];
export type DayCloses = Answer<typeof dayClosesAnswer>["data"];

/** `GET /api/reports/day?date=`: the day's figures as they stand, or as its close froze them. */
function dayReportQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...queryKeys.reports, "day", date] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof dayReportAnswer>>(`/api/reports/day?date=${date}`, { signal })).data,
  });
}

export function useDayReport(date: string) {
  return useQuery(dayReportQueryOptions(date));
}

/** `GET /api/reports/closes`: every close, oldest first, and whether the chain of hashes holds. */
export function useDayCloses() {
  return useQuery({
    queryKey: [...queryKeys.reports, "closes"] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof dayClosesAnswer>>("/api/reports/closes", { signal })).data,
  });
}

/** `POST /api/reports/day/:date/close`: freezes a past day that balances; the server refuses any other. */
export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) =>
      (await api.post<Answer<typeof dayReportAnswer>>(`/api/reports/day/${date}/close`)).data,
    onSuccess: (closed) => {
      queryClient.setQueryData(dayReportQueryOptions(closed.date).queryKey, closed);
      // Not awaited: the day shows as closed when the server answers, and the list refreshes after.
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.reports, "closes"] });
    },
  });
}
