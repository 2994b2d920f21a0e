import type { canteenRulesAnswer } from "@kantien/domain/canteen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * `GET /api/canteen-settings`: the canteen's rules (decision 0021), read by the settings screen
 * (admins edit them) and the kitchen board (its ageing thresholds).
 */
export const canteenRulesQueryOptions = queryOptions({
  queryKey: queryKeys.canteenSettings,
  queryFn: async ({ signal }) =>
    (await api.get<Answer<typeof canteenRulesAnswer>>("/api/canteen-settings", { signal })).data,
});

export function useCanteenRules() {
  return useQuery(canteenRulesQueryOptions);
}
