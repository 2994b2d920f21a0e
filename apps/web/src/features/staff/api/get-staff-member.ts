import type { staffDetailAnswer } from "@kantien/domain/people";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/staff-members/:id`: the member with their orders. */
export function staffMemberQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.staff, "detail", id] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<typeof staffDetailAnswer>>(`/api/staff-members/${encodeURIComponent(id)}`, {
          signal,
        })
      ).data,
  });
}

export function useStaffMember(id: string) {
  return useQuery(staffMemberQueryOptions(id));
}
