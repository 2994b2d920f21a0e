import type { messageAnswer } from "@kantien/domain/api";
import type { ForgotPasswordInput } from "@kantien/domain/auth";
import { useMutation } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";

/**
 * `POST /api/auth/forgot-password`: mails a reset link; the answer is the same
 * whether the address has an account or not.
 */
export function forgotPassword(input: ForgotPasswordInput): Promise<Answer<typeof messageAnswer>> {
  return api.post<Answer<typeof messageAnswer>>("/api/auth/forgot-password", {
    body: input,
    fallbackMessage: i18n.t("screens.forgotPassword.failed"),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
