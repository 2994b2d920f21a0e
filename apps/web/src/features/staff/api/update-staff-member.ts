import type { StaffInput, staffAnswer } from "@kantien/domain/people";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `PUT /api/staff-members/:id` from the `version` the dialog loaded; 409 stale when edited meanwhile (decision 0057). */
export function useUpdateStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, version }: { id: string; body: StaffInput; version: number }) =>
      (
        await api.put<Answer<typeof staffAnswer>>(`/api/staff-members/${encodeURIComponent(id)}`, {
          body,
          version,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}
