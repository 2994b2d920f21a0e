import type { messageAnswer } from "@kantien/domain/api";
import { useMutation } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";

/** `POST /api/staff-members/:id/invitation`: a pending invitation again, with a fresh link. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: string) =>
      api.post<Answer<typeof messageAnswer>>(`/api/staff-members/${encodeURIComponent(id)}/invitation`, {
        body: {},
      }),
  });
}
