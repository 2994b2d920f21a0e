import type { InviteUserInput } from "@kantien/domain/auth";
import type { StaffDetail, StaffInput, StaffRow, StaffTab } from "@kantien/domain/people";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { type ListParams, listApiPath } from "../../../lib/list-params";

/** What the list shows: the server searches, filters and pages (people.ts contract). */
export type StaffListParams = ListParams<3 | 4, StaffTab>;

export type StaffPage = { rows: StaffRow[]; total: number };

export const STAFF_QUERY_KEY = ["staff-members"] as const;
const detailKey = (id: string) => [...STAFF_QUERY_KEY, "detail", id] as const;
const memberPath = (id: string) => `/api/staff-members/${encodeURIComponent(id)}`;

export function staffQueryOptions(params: StaffListParams) {
  return queryOptions({
    queryKey: [...STAFF_QUERY_KEY, "list", params] as const,
    queryFn: async ({ signal }): Promise<StaffPage> => {
      const answer = await api.get<DataEnvelope<StaffRow[]> & { total: number }>(
        listApiPath("/api/staff-members", params),
        { signal },
      );
      return { rows: answer.data, total: answer.total };
    },
    // The page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useStaffMembers(params: StaffListParams) {
  return useQuery(staffQueryOptions(params));
}

export function useStaffMember(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<StaffDetail>>(memberPath(id), { signal })).data,
  });
}

export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: StaffInput }) =>
      (await api.put<DataEnvelope<StaffRow>>(memberPath(id), { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

export function useDeleteStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ success: true; anonymised?: boolean; message?: string }>(memberPath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

/** Spec §7 `POST /auth/invite-user`: the mail goes out through the server's outbox. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteUserInput) =>
      api.post<{ success: true; message: string }>("/api/auth/invite-user", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

/** Sends a pending invitation again, with a fresh link. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ success: true; message: string }>(`${memberPath(id)}/invitation`, { body: {} }),
  });
}
