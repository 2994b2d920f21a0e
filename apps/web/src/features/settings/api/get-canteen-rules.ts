import type { canteenRulesAnswer } from "@kantien/domain/canteen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/canteen-settings`: the canteen's ordering rules (DESIGN §11). */
export const canteenRulesQueryOptions = queryOptions({
  queryKey: queryKeys.canteenSettings,
  queryFn: async ({ signal }) =>
    (await api.get<Answer<typeof canteenRulesAnswer>>("/api/canteen-settings", { signal })).data,
});

export function useCanteenRules() {
  return useQuery(canteenRulesQueryOptions);
}
