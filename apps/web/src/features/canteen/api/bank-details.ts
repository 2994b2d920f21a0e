import type { BankDetails, bankDetailsAnswer, bankDetailsSavedAnswer } from "@kantien/domain/canteen";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

const URL = "/api/canteen-settings/bank-details";

/** `GET /api/canteen-settings/bank-details` (admins): the canteen's account, null until saved, and the version. */
const bankDetailsQueryOptions = queryOptions({
  queryKey: queryKeys.bankDetails,
  queryFn: async ({ signal }) => (await api.get<Answer<typeof bankDetailsAnswer>>(URL, { signal })).data,
});

export function useBankDetails() {
  return useQuery(bankDetailsQueryOptions);
}

/**
 * `PUT /api/canteen-settings/bank-details` (admins) from the `version` the form was loaded with:
 * the account as stored, and the server's message; 409 stale when the bank details or the rules
 * were saved meanwhile (one record, decision 0057). The rules are read again: their version is raised.
 */
export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ details, version }: { details: BankDetails; version: number }) =>
      api.put<Answer<typeof bankDetailsSavedAnswer>>(URL, { body: details, version }),
    onSuccess: (answer) => {
      queryClient.setQueryData(bankDetailsQueryOptions.queryKey, answer.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.canteenSettings, exact: true });
    },
  });
}
