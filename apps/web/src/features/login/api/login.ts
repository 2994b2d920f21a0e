import type { LoginInput, loginAnswer } from "@kantien/domain/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";
import { setSessionUser } from "../../../lib/session";

/**
 * `POST /api/auth/login`. A customer (role 1 or 2) gets `success: true` with
 * `error: "unauthorized_role"` and no session: they are not stored.
 */
export type LoginAnswer = Answer<typeof loginAnswer>;

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>("/api/auth/login", {
    body: input,
    fallbackMessage: i18n.t("screens.login.failed"),
  });
}

/**
 * Signs in; `prepareNextPage` loads the code of the page that follows while the form still shows
 * its busy button, since the session, once set, sends the visitor on (a page still loading would
 * show a full-screen wait instead).
 */
export function useLogin(prepareNextPage: (answer: LoginAnswer) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const answer = await login(input);
      // A page that fails to load says so itself, once shown.
      if (answer.error !== "unauthorized_role") await prepareNextPage(answer).catch(() => undefined);
      return answer;
    },
    onSuccess: (answer) => {
      if (answer.error !== "unauthorized_role") setSessionUser(queryClient, answer.user);
    },
  });
}
