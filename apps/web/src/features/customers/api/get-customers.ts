import type { CustomerTab, customersPageAnswer } from "@kantien/domain/people";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { type ListParams, listApiPath } from "../../../lib/list-params";
import { queryKeys } from "../../../lib/query-keys";

/** What the list shows: the server searches, filters and pages (people.ts contract). */
export type CustomerListParams = ListParams<1 | 2, CustomerTab>;

/** `GET /api/customers?q&role&tab&limit&offset`: one page of customers and how many match. */
export function customersQueryOptions(params: CustomerListParams) {
  return queryOptions({
    queryKey: [...queryKeys.customers, "list", params] as const,
    queryFn: async ({ signal }) => {
      const answer = await api.get<Answer<typeof customersPageAnswer>>(
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

export function useCustomers(params: CustomerListParams, enabled = true) {
  return useQuery({ ...customersQueryOptions(params), enabled });
}
