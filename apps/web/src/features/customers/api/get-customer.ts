import type { customerDetailAnswer } from "@kantien/domain/people";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/customers/:id`: the customer with their balance, recent orders and ledger. */
export function customerQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.customers, "detail", id] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<typeof customerDetailAnswer>>(`/api/customers/${encodeURIComponent(id)}`, {
          signal,
        })
      ).data,
  });
}

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
