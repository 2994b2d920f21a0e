import type { invitationAnswer } from "@kantien/domain/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";

export type Invitee = Answer<typeof invitationAnswer>["user"];

/** `POST /api/auth/verify-invitation`: who the invitation is for (it does not use the token up). */
export function verifyInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["verify-invitation", token],
    queryFn: () =>
      api.post<Answer<typeof invitationAnswer>>("/api/auth/verify-invitation", {
        body: { token },
        fallbackMessage: i18n.t("screens.setupAccount.invalid"),
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useVerifyInvitation(token: string) {
  return useQuery(verifyInvitationQueryOptions(token));
}
