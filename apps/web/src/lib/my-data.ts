import type {
  myOrderChangedAnswer,
  myOrdersAnswer,
  myProfileAnswer,
  myWalletAnswer,
} from "@kantien/domain/my";
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from "@tanstack/react-query";
import { orderingApi } from "./acting-for";
import { type Answer, api } from "./api-client";
import { queryKeys } from "./query-keys";

/* What several screens of the ordering app read: my wallet, my profile, and how my data is refreshed. */

export type MyWallet = Answer<typeof myWalletAnswer>["data"];
export type MyOrdersPage = Answer<typeof myOrdersAnswer>;
export type MyOrderChanged = Answer<typeof myOrderChangedAnswer>;

/** Statement lines per page; the first page also carries the balance the other screens show. */
export const STATEMENT_PAGE_SIZE = 20;

/** `GET /api/my/wallet`, page by page ("Wys meer"), of whom the app acts for; newest lines first. */
export function myWalletQueryOptions() {
  const root = orderingApi();
  return infiniteQueryOptions({
    queryKey: [...queryKeys.myWallet, root],
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(STATEMENT_PAGE_SIZE), offset: String(pageParam) });
      return (await api.get<Answer<typeof myWalletAnswer>>(`${root}/wallet?${query}`, { signal })).data;
    },
    initialPageParam: 0,
    getNextPageParam: (last: MyWallet, pages: MyWallet[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.transactions.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
}

/** My balance and the canteen's low-balance line, from the statement's first page. */
export function useMyBalance() {
  return useInfiniteQuery({
    ...myWalletQueryOptions(),
    select: (data) => {
      const first = data.pages[0];
      return first ? { balance: first.balance, lowBalanceThreshold: first.lowBalanceThreshold } : null;
    },
  });
}

/** `GET /api/my/profile`: my name, phone, language and theme. */
export const myProfileQueryOptions = queryOptions({
  queryKey: queryKeys.myProfile,
  queryFn: async ({ signal }) =>
    (await api.get<Answer<typeof myProfileAnswer>>("/api/my/profile", { signal })).data,
});

export function useMyProfile() {
  return useQuery(myProfileQueryOptions);
}

/** After an order is placed, cancelled or changed by the kitchen: my menu, orders and wallet all moved. */
export async function refreshMyData(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [queryKeys.myMenu, queryKeys.myOrders, queryKeys.myWallet].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
