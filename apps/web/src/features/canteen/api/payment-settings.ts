import type { paymentSettingsAnswer, paymentSettingsSavedAnswer } from "@kantien/domain/online-payments";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

const URL = "/api/canteen-settings/payments";

/** `GET /api/canteen-settings/payments` (admins): the provider, limits, fee, and each key as set or not. */
const paymentSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.paymentSettings,
  queryFn: async ({ signal }) => (await api.get<Answer<typeof paymentSettingsAnswer>>(URL, { signal })).data,
});

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions);
}

/** `PUT /api/canteen-settings/payments` (admins) from the version the form was loaded with (decision 0057). */
export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, version }: { body: Record<string, unknown>; version: number }) =>
      api.put<Answer<typeof paymentSettingsSavedAnswer>>(URL, { body, version }),
    onSuccess: (answer) => queryClient.setQueryData(paymentSettingsQueryOptions.queryKey, answer.data),
  });
}
