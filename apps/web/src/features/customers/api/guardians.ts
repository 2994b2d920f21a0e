import type { guardiansPageAnswer } from "@kantien/domain/guardians";
import type { personRemovedAnswer } from "@kantien/domain/people";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/* The guardians of the "Ouers en voogde" tab of /users (docs/decisions/0068-who-eats-and-who-pays.md). */

export type GuardianListParams = { q: string; page: number; rows: number };

/** `GET /api/guardians?q&limit&offset`: one page of guardians with their learners. */
export function useGuardians(params: GuardianListParams) {
  return useQuery({
    queryKey: [...queryKeys.customers, "guardians", params] as const,
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams();
      if (params.q) search.set("q", params.q);
      search.set("limit", String(params.rows));
      search.set("offset", String(params.page * params.rows));
      const answer = await api.get<Answer<typeof guardiansPageAnswer>>(`/api/guardians?${search}`, {
        signal,
      });
      return { rows: answer.data, total: answer.total };
    },
    placeholderData: keepPreviousData,
  });
}

/** `DELETE /api/guardians/:id`: the links end, the account goes (anonymised when it has history). */
export function useDeleteGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<Answer<typeof personRemovedAnswer>>(`/api/guardians/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
  });
}
