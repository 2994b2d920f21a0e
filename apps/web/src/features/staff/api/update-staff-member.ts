import type { StaffInput, staffAnswer } from "@kantien/domain/people";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `PUT /api/staff-members/:id`. */
export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: StaffInput }) =>
      (await api.put<Answer<typeof staffAnswer>>(`/api/staff-members/${encodeURIComponent(id)}`, { body }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}
