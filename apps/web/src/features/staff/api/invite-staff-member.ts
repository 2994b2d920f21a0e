import type { messageAnswer } from "@kantien/domain/api";
import type { InviteUserInput } from "@kantien/domain/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `POST /api/auth/invite-user`: the mail goes out through the server's outbox. */
export function useInviteStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteUserInput) =>
      api.post<Answer<typeof messageAnswer>>("/api/auth/invite-user", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }),
  });
}
