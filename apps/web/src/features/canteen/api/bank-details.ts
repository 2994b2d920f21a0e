import type { BankDetails, bankDetailsAnswer, bankDetailsSavedAnswer } from "@kantien/domain/canteen";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

const URL = "/api/canteen-settings/bank-details";

/** `GET /api/canteen-settings/bank-details` (admins): the canteen's account, null until saved. */
const bankDetailsQueryOptions = queryOptions({
  queryKey: queryKeys.bankDetails,
  queryFn: async ({ signal }) => (await api.get<Answer<typeof bankDetailsAnswer>>(URL, { signal })).data,
});

export function useBankDetails() {
  return useQuery(bankDetailsQueryOptions);
}

/** `PUT /api/canteen-settings/bank-details` (admins): the account as stored, and the server's message. */
export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (details: BankDetails) =>
      api.put<Answer<typeof bankDetailsSavedAnswer>>(URL, { body: details }),
    onSuccess: (answer) => queryClient.setQueryData(bankDetailsQueryOptions.queryKey, answer.data),
  });
}
