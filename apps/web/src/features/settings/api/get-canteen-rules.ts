import type { canteenRulesAnswer } from "@kantien/domain/canteen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";

/**
 * `GET /api/canteen-settings`: the canteen's ordering rules (DESIGN §11). The key is this
 * feature's own for now; when another screen reads the rules, it moves to `lib/query-keys.ts`.
 */
export const canteenRulesQueryOptions = queryOptions({
  queryKey: ["canteen-settings"] as const,
  queryFn: async ({ signal }) =>
    (await api.get<Answer<typeof canteenRulesAnswer>>("/api/canteen-settings", { signal })).data,
});

export function useCanteenRules() {
  return useQuery(canteenRulesQueryOptions);
}
