import type { TopUpInput, topUpAnswer } from "@kantien/domain/people";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * `POST /api/customers/:id/top-ups`, from the customer's detail and the counter: the key makes
 * a repeated submission count once on the server. The customers' lists and details refetch.
 */
export function useTopUp(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: TopUpInput; idempotencyKey: string }) =>
      (
        await api.post<Answer<typeof topUpAnswer>>(
          `/api/customers/${encodeURIComponent(customerId)}/top-ups`,
          {
            body,
            headers: { "Idempotency-Key": idempotencyKey },
          },
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
  });
}
