import type { LoginInput, PublicUser } from "@kantien/domain/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n";
import { setSessionUser } from "../../../lib/session";

/** `POST /api/my/auth/login`: a session for students and academy staff; staff are told to use /login (403). */
export function useMyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api.post<{ success: true; user: PublicUser }>("/api/my/auth/login", {
        body: input,
        fallbackMessage: i18n.t("screens.login.failed"),
      }),
    onSuccess: (answer) => setSessionUser(queryClient, answer.user),
  });
}
