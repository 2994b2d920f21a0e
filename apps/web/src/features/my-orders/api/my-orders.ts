import type { MY_ORDER_SCOPES } from "@kantien/domain/my";
import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { orderingApi } from "../../../lib/acting-for";
import { api } from "../../../lib/api-client";
import { type MyOrderChanged, type MyOrdersPage, refreshMyData } from "../../../lib/my-data";
import { queryKeys } from "../../../lib/query-keys";

export type MyOrderScope = (typeof MY_ORDER_SCOPES)[number];

const PAGE_SIZE = 20;

/** `GET /api/my/orders?scope=`: upcoming soonest first, past latest first, page by page. */
export function myOrdersQueryOptions(scope: MyOrderScope) {
  const root = orderingApi();
  return infiniteQueryOptions({
    queryKey: [...queryKeys.myOrders, root, scope],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ scope, limit: String(PAGE_SIZE), offset: String(pageParam) });
      return api.get<MyOrdersPage>(`${root}/orders?${query}`, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
}

/** `POST /api/my/orders/:id/cancel`: refunded once, before the cut-off; the server says why not after it. */
export function useCancelMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<MyOrderChanged>(`${orderingApi()}/orders/${encodeURIComponent(id)}/cancel`, { body: {} }),
    onSettled: () => refreshMyData(queryClient),
  });
}
