import type { CustomerDetail, reversalAnswer, TopUpInput, topUpAnswer } from "@kantien/domain/people";
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

/** `POST /api/wallet-transactions/:id/reverse {reason}` (admins): the top-up undone by a new ledger row. */
export function useReverseTopUp(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, reason }: { transactionId: string; reason: string }) =>
      api.post<Answer<typeof reversalAnswer>>(
        `/api/wallet-transactions/${encodeURIComponent(transactionId)}/reverse`,
        { body: { reason } },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<CustomerDetail>(customerQueryOptions(customerId).queryKey, (old) =>
        old ? { ...old, balance: answer.data.balance, ledger: [answer.data.entry, ...old.ledger] } : old,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.customers });
    },
  });
}
