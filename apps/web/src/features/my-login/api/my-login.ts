import type { LoginInput, PublicUser } from "@kantien/domain/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";
import { setSessionUser } from "../../../lib/session";

/** `POST /api/my/auth/login`: a session for students and academy staff; staff are told to use /login (403). */
/**
 * Signs a customer in; `prepareNextPage` loads the menu's code while the form still shows its busy
 * button, since the session, once set, sends the customer on (as the back office's sign-in does).
 */
export function useMyLogin(prepareNextPage: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const answer = await api.post<{ success: true; user: PublicUser }>("/api/my/auth/login", {
        body: input,
        fallbackMessage: i18n.t("screens.login.failed"),
      });
      // A page that fails to load says so itself, once shown.
      await prepareNextPage().catch(() => undefined);
      return answer;
    },
    onSuccess: (answer) => setSessionUser(queryClient, answer.user),
  });
}
