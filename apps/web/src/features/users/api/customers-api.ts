import type {
  CustomerDetail,
  CustomerInput,
  CustomerRow,
  CustomerTab,
  LedgerEntry,
  TopUpInput,
} from "@kantien/domain/people";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { type ListParams, listApiPath } from "../../../lib/list-params";

/** What the list shows: the server searches, filters and pages (people.ts contract). */
export type CustomerListParams = ListParams<1 | 2, CustomerTab>;

export type CustomersPage = { rows: CustomerRow[]; total: number };

export const CUSTOMERS_QUERY_KEY = ["customers"] as const;
const detailKey = (id: string) => [...CUSTOMERS_QUERY_KEY, "detail", id] as const;

export function customersQueryOptions(params: CustomerListParams) {
  return queryOptions({
    queryKey: [...CUSTOMERS_QUERY_KEY, "list", params] as const,
    queryFn: async ({ signal }): Promise<CustomersPage> => {
      const answer = await api.get<DataEnvelope<CustomerRow[]> & { total: number }>(
        listApiPath("/api/customers", params),
        {
          signal,
        },
      );
      return { rows: answer.data, total: answer.total };
    },
    // The page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}

export function useCustomer(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<CustomerDetail>>(`/api/customers/${encodeURIComponent(id)}`, { signal }))
        .data,
  });
}

export type SaveCustomer = { id: string | null; body: CustomerInput };

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: SaveCustomer) =>
      id === null
        ? (await api.post<DataEnvelope<CustomerRow>>("/api/customers", { body })).data
        : (await api.put<DataEnvelope<CustomerRow>>(`/api/customers/${encodeURIComponent(id)}`, { body }))
            .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY }),
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ success: true; anonymised?: boolean; message?: string }>(
        `/api/customers/${encodeURIComponent(id)}`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY }),
  });
}

export type TopUpAnswer = { balance: string; entry: LedgerEntry };

/** A wallet top-up: the key makes a repeated submission count once on the server. */
export function useTopUp(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: TopUpInput; idempotencyKey: string }) =>
      (
        await api.post<DataEnvelope<TopUpAnswer>>(
          `/api/customers/${encodeURIComponent(customerId)}/top-ups`,
          {
            body,
            headers: { "Idempotency-Key": idempotencyKey },
          },
        )
      ).data,
    onSuccess: (answer) => {
      // The new balance and ledger row show at once; the list and detail then refetch.
      queryClient.setQueryData<CustomerDetail>(detailKey(customerId), (old) =>
        old ? { ...old, balance: answer.balance, ledger: [answer.entry, ...old.ledger] } : old,
      );
      return queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
    },
  });
}
