import type { SignupInput, signupAnswer } from "@kantien/domain/auth";
import { useMutation } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";

/** `POST /api/auth/signup`; no session opens until the email is verified. */
export function signup(input: SignupInput): Promise<Answer<typeof signupAnswer>> {
  return api.post<Answer<typeof signupAnswer>>("/api/auth/signup", {
    // Empty optional fields are absent, not "" (an academy number is unique).
    body: { ...input, phone_number: input.phone_number || null, akd_number: input.akd_number || null },
    fallbackMessage: i18n.t("screens.signup.failed"),
  });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
