import type { CanteenRules, canteenRulesSavedAnswer } from "@kantien/domain/canteen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { canteenRulesQueryOptions } from "../../../lib/canteen-rules";

/** `PUT /api/canteen-settings` (admins): the rules as stored, and the server's message. */
export function useSaveCanteenRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rules: CanteenRules) =>
      api.put<Answer<typeof canteenRulesSavedAnswer>>("/api/canteen-settings", { body: rules }),
    onSuccess: (answer) => queryClient.setQueryData(canteenRulesQueryOptions.queryKey, answer.data),
  });
}
