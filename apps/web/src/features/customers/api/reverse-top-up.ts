import type { CustomerDetail, reversalAnswer } from "@kantien/domain/people";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { customerQueryOptions } from "./get-customer";

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
        old
          ? {
              ...old,
              balance: answer.data.balance,
              ledger: [{ ...answer.data.entry, bankLine: null }, ...old.ledger],
            }
          : old,
      );
      // Not awaited: the notice shows when the server answers, and the lists refresh after.
      void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
    },
  });
}
