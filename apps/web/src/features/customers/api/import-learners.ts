import type { learnerImportAnswer } from "@kantien/domain/learner-import";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `POST /api/admin/learners/import` (multipart `file`): the school's list of learners; with
 * `dryRun` the preview of what would change, which writes nothing.
 */
export function useImportLearners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const body = new FormData();
      body.append("file", file);
      return api.post<Answer<typeof learnerImportAnswer>>(
        `/api/admin/learners/import${dryRun ? "?dryRun=true" : ""}`,
        { body },
      );
    },
    onSuccess: (answer) => {
      if (!answer.data.dryRun) void queryClient.invalidateQueries({ queryKey: queryKeys.customers });
    },
  });
}
