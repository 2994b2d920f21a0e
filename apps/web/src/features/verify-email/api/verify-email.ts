import type { messageAnswer } from "@kantien/domain/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";

/**
 * `POST /api/auth/verify-email`. A query rather than a mutation: the token is single-use,
 * and a query runs once per token even when React mounts the screen twice (StrictMode).
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["verify-email", token],
    queryFn: () =>
      api.post<Answer<typeof messageAnswer>>("/api/auth/verify-email", {
        body: { token },
        fallbackMessage: i18n.t("screens.verifyEmail.failed"),
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
