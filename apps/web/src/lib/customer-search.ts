import type { CustomerRow } from "@kantien/domain/people";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "./api-client";
import { queryKeys } from "./query-keys";

const CUSTOMER_MATCHES = 10;

/** `GET /api/customers?q=&limit=`: the customers whose name, email or academy number matches, with their balance (the new-order and allocate dialogs). */
export function customerSearchQueryOptions(q: string) {
  const params = new URLSearchParams({ q, limit: String(CUSTOMER_MATCHES) });
  return queryOptions({
    queryKey: [...queryKeys.customers, "search", q],
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<CustomerRow[]>>(`/api/customers?${params}`, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(q: string, enabled: boolean) {
  return useQuery({ ...customerSearchQueryOptions(q), enabled });
}
