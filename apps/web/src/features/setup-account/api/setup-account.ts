import type { messageAnswer } from "@kantien/domain/api";
import { useMutation } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";

/** `POST /api/auth/setup-account`: sets the invitee's password and uses the token up. */
export function setupAccount(input: {
  token: string;
  password: string;
}): Promise<Answer<typeof messageAnswer>> {
  return api.post<Answer<typeof messageAnswer>>("/api/auth/setup-account", {
    body: input,
    fallbackMessage: i18n.t("screens.setupAccount.failed"),
  });
}

export function useSetupAccount() {
  return useMutation({ mutationFn: setupAccount });
}
