import type { KitchenDay } from "@kantien/domain/kitchen";
import { isStaffRole } from "@kantien/domain/roles";
import { normalisePath, ROUTES } from "@kantien/domain/route-access";
import type { QueryClient } from "@tanstack/react-query";
import { api, type DataEnvelope } from "./api-client";
import { canteenRulesQueryOptions } from "./canteen-rules";
import { queryKeys } from "./query-keys";
import { sessionQueryOptions } from "./session";

/**
 * `GET /api/kitchen/orders`: one day's orders, today in the canteen's time zone without a date.
 * The kitchen board keeps today's live; the print screen reads the day it prints.
 */
export async function fetchKitchenDay(signal: AbortSignal, date?: string): Promise<KitchenDay> {
  const query = date ? `?date=${encodeURIComponent(date)}` : "";
  return (await api.get<DataEnvelope<KitchenDay>>(`/api/kitchen/orders${query}`, { signal })).data;
}

/** The kitchen board's day, today: its cache key and its load, the board's and its preload's. */
export const kitchenTodayQuery = {
  queryKey: queryKeys.kitchenOrders,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchKitchenDay(signal),
};

const BOARD_PATHS: readonly string[] = [ROUTES.kitchen, ROUTES.kitchenMode];

/**
 * Opening the kitchen board signed in as staff: starts loading the day and the canteen's rules
 * (its cards' ageing) as soon as the session is known, while the board's code still loads, not
 * after it has rendered. Both are in the cache when the board first renders its cards, so they
 * render once, not again when the rules arrive. Anything else preloads nothing; a failure is
 * left to the board, which loads again and shows its error.
 */
export async function preloadKitchenBoardData(pathname: string, queryClient: QueryClient): Promise<void> {
  if (!BOARD_PATHS.includes(normalisePath(pathname))) return;
  const user = await queryClient.fetchQuery(sessionQueryOptions).catch(() => null);
  if (!user || !isStaffRole(user.role_id)) return;
  await Promise.all([
    queryClient.prefetchQuery(kitchenTodayQuery),
    queryClient.prefetchQuery(canteenRulesQueryOptions),
  ]);
}
