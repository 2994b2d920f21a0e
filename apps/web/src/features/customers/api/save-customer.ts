import type { CustomerInput, customerAnswer } from "@kantien/domain/people";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `version`: the customer's as the dialog loaded it, for an edit (decision 0057). */
export type SaveCustomer = { id: string | null; body: CustomerInput; version?: number };

/** `POST /api/customers` (id null) or `PUT /api/customers/:id`, 409 stale when edited meanwhile. */
export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, version }: SaveCustomer) =>
      id === null
        ? (await api.post<Answer<typeof customerAnswer>>("/api/customers", { body })).data
        : (
            await api.put<Answer<typeof customerAnswer>>(`/api/customers/${encodeURIComponent(id)}`, {
              body,
              version,
            })
          ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
  });
}
