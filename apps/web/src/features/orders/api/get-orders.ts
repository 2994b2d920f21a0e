import type { Language } from "@kantien/domain/messages";
import type { OrderSummaryRow, OrdersQuery } from "@kantien/domain/orders-summary";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { ordersSearchParams } from "../orders-filters";

export const ORDERS_QUERY_KEY = ["orders"] as const;

export type OrdersPage = { rows: OrderSummaryRow[]; total: number };

/** `GET /api/orders?…`: one page of the filtered, sorted orders and how many match in all. */
export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, "list", query],
    queryFn: async ({ signal }): Promise<OrdersPage> => {
      const answer = await api.get<{ success: true; data: OrderSummaryRow[]; total: number }>(
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
