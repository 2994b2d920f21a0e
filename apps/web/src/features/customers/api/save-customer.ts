import type { CustomerInput, customerAnswer } from "@kantien/domain/people";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type SaveCustomer = { id: string | null; body: CustomerInput };

/** `POST /api/customers` (id null) or `PUT /api/customers/:id`. */
export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: SaveCustomer) =>
      id === null
        ? (await api.post<Answer<typeof customerAnswer>>("/api/customers", { body })).data
        : (await api.put<Answer<typeof customerAnswer>>(`/api/customers/${encodeURIComponent(id)}`, { body }))
            .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
  });
}
