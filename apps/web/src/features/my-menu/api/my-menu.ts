import type { myMenuAnswer } from "@kantien/domain/my";
import { isCustomerRole } from "@kantien/domain/roles";
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { orderingApi } from "../../../lib/acting-for";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { sessionQueryOptions } from "../../../lib/session";

export type MyMenu = Answer<typeof myMenuAnswer>["data"];

/** `GET /api/my/menu?week=`: the five school days of a week; without a week, the one ordered in now. */
export function myMenuQueryOptions(week: string | null) {
  const root = orderingApi();
  return queryOptions({
    queryKey: [...queryKeys.myMenu, root, week ?? "current"],
    queryFn: async ({ signal }) => {
      const path = `${root}/menu${week ? `?week=${encodeURIComponent(week)}` : ""}`;
      return (await api.get<Answer<typeof myMenuAnswer>>(path, { signal })).data;
    },
  });
}

/**
 * Opening the ordering app's menu signed in as a customer: starts loading this week's menu as
 * soon as the session is known, while the screen's code still loads, so the dishes (the page's
 * largest paint) come with its first render. A failure is left to the screen, which loads again.
 */
export async function preloadMyMenu(queryClient: QueryClient): Promise<void> {
  const user = await queryClient.fetchQuery(sessionQueryOptions).catch(() => null);
  if (user && isCustomerRole(user.role_id)) await queryClient.prefetchQuery(myMenuQueryOptions(null));
}

export function useMyMenu(week: string | null) {
  return useQuery({ ...myMenuQueryOptions(week), placeholderData: keepPreviousData });
}
