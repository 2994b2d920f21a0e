import type { Language } from "@kantien/domain/language";
import type { OrdersQuery, ordersPageAnswer } from "@kantien/domain/orders-summary";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { ordersSearchParams } from "../orders-filters";

/** `GET /api/orders?…`: one page of the filtered, sorted orders and how many match in all. */
export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: [...queryKeys.orders, "list", query],
    queryFn: async ({ signal }) => {
      const answer = await api.get<Answer<typeof ordersPageAnswer>>(
        `/api/orders?${ordersSearchParams(query)}`,
        { signal },
      );
      return { rows: answer.data, total: answer.total };
    },
    // The table keeps the last page while the next one loads, so it does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery | null) {
  return useQuery({
    ...ordersQueryOptions(query ?? { from: "", to: "" }),
    enabled: query !== null,
  });
}

/** The CSV of the same filter, every row (the server streams it), in the screen's language. */
export function ordersExportUrl(query: OrdersQuery, language: Language): string {
  const params = new URLSearchParams(ordersSearchParams(query, { paged: false }));
  params.set("lang", language);
  return `/api/orders/export.csv?${params}`;
}
