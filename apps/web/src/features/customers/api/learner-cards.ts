import type {
  LearnerCard,
  LearnerCardsInput,
  learnerCardAnswer,
  learnerCardsAnswer,
} from "@kantien/domain/learner-cards";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/* Learners' cards for the counter's scanner, for admins (docs/decisions/0072-learner-cards.md). */

const cardPath = (id: string) => `/api/customers/${encodeURIComponent(id)}/card`;

/** `POST /api/customers/:id/card`: a new card; an earlier one stops working at once. */
export function useIssueCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => api.post<Answer<typeof learnerCardAnswer>>(cardPath(id), { body: {} }),
    // The customer's detail says whether they have a card.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
  });
}

/** `DELETE /api/customers/:id/card`: the card is lost; it stops working at once. */
export function useBlockCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => api.delete<{ success: true; message: string }>(cardPath(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
  });
}

/** `POST /api/admin/learner-cards`: the cards to print, each issued if it had none. */
export function useCardSheet(input: LearnerCardsInput) {
  return useQuery({
    queryKey: [...queryKeys.customers, "card-sheet", input],
    queryFn: async (): Promise<LearnerCard[]> =>
      (await api.post<Answer<typeof learnerCardsAnswer>>("/api/admin/learner-cards", { body: input })).data
        .cards,
    // Asked once per sheet: it may issue cards.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
