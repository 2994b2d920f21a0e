import type { MyProfileInput, myPasswordInput, myProfileSavedAnswer } from "@kantien/domain/my";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `PUT /api/my/profile` from the profile's `version` the form was loaded with: the stored profile
 * and the server's message, in the language just chosen; 409 stale when it was saved meanwhile.
 */
export function useSaveMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: MyProfileInput; version: number }) =>
      api.put<Answer<typeof myProfileSavedAnswer>>("/api/my/profile", { body: input, version }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.myProfile, answer.data),
  });
}

/** `PUT /api/my/password`: the current password proves it is me. */
export function useChangeMyPassword() {
  return useMutation({
    mutationFn: (input: z.input<typeof myPasswordInput>) =>
      api.put<{ success: true; message: string }>("/api/my/password", { body: input }),
  });
}
