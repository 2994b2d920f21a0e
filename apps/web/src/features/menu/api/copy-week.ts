import type { IsoDate } from "@kantien/domain/dates";
import type { copyWeekAnswer } from "@kantien/domain/weekly-menu";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `POST /api/admin/menus/copy-week`: last week's dishes into the week starting `week`, its menu
 * made when missing. The server refuses a week with dishes and days already come.
 */
export function useCopyWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (week: IsoDate) =>
      (await api.post<Answer<typeof copyWeekAnswer>>("/api/admin/menus/copy-week", { body: { week } })).data,
    // The week list (a menu may be new) and its items.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.menu }),
  });
}
