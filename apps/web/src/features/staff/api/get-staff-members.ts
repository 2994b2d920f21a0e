import type { StaffTab, staffPageAnswer } from "@kantien/domain/people";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { type ListParams, listApiPath } from "../../../lib/list-params";
import { queryKeys } from "../../../lib/query-keys";

/** What the list shows: the server searches, filters and pages (people.ts contract). */
export type StaffListParams = ListParams<3 | 4, StaffTab>;

/** `GET /api/staff-members?q&role&tab&limit&offset`: one page of staff and how many match. */
export function staffMembersQueryOptions(params: StaffListParams) {
  return queryOptions({
    queryKey: [...queryKeys.staff, "list", params] as const,
    queryFn: async ({ signal }) => {
      const answer = await api.get<Answer<typeof staffPageAnswer>>(
        listApiPath("/api/staff-members", params),
        {
          signal,
        },
      );
      return { rows: answer.data, total: answer.total };
    },
    // The page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useStaffMembers(params: StaffListParams) {
  return useQuery(staffMembersQueryOptions(params));
}
