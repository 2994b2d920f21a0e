import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";

type SetupAccountAnswer = { success: true; message: string };

/** `POST /api/auth/setup-account`: sets the invitee's password and uses the token up. */
export function setupAccount(input: { token: string; password: string }): Promise<SetupAccountAnswer> {
  return api.post<SetupAccountAnswer>("/api/auth/setup-account", {
    body: input,
    fallbackMessage: i18n.t("screens.setupAccount.failed"),
  });
}

export function useSetupAccount() {
  return useMutation({ mutationFn: setupAccount });
}
