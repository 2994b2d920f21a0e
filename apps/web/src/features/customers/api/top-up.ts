import type { CustomerDetail, TopUpInput, topUpAnswer } from "@kantien/domain/people";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { customerQueryOptions } from "./get-customer";

/** `POST /api/customers/:id/top-ups`: the key makes a repeated submission count once on the server. */
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
    onSuccess: (answer) => {
      // The new balance and ledger row show at once; the list and detail then refetch.
      queryClient.setQueryData<CustomerDetail>(customerQueryOptions(customerId).queryKey, (old) =>
        old ? { ...old, balance: answer.balance, ledger: [answer.entry, ...old.ledger] } : old,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.customers });
    },
  });
}
