import type { messageAnswer } from "@kantien/domain/api";
import type { ResetPasswordInput } from "@kantien/domain/auth";
import { useMutation } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";

/**
 * `POST /api/auth/reset-password`: sets the new password and uses the mailed link up; it
 * signs no one in. A used, expired or unknown link is refused with `token_invalid`.
 */
export function resetPassword(input: ResetPasswordInput): Promise<Answer<typeof messageAnswer>> {
  return api.post<Answer<typeof messageAnswer>>("/api/auth/reset-password", {
    body: input,
    fallbackMessage: i18n.t("screens.resetPassword.failed"),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
