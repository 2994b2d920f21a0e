import type { CanteenRules, canteenRulesSavedAnswer } from "@kantien/domain/canteen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { canteenRulesQueryOptions } from "../../../lib/canteen-rules";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `PUT /api/canteen-settings` (admins) from the `version` the form was loaded with: the rules as
 * stored, and the server's message; 409 stale when the rules or the bank details were saved
 * meanwhile (one record, decision 0057). The bank details are read again: their version is raised.
 */
export function useSaveCanteenRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rules, version }: { rules: CanteenRules; version: number }) =>
      api.put<Answer<typeof canteenRulesSavedAnswer>>("/api/canteen-settings", { body: rules, version }),
    onSuccess: (answer) => {
      queryClient.setQueryData(canteenRulesQueryOptions.queryKey, answer.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.bankDetails });
    },
  });
}
