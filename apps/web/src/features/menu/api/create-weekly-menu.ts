import type { WeeklyMenu } from "@kantien/domain/admin-data";
import type { IsoDate } from "@kantien/domain/dates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { weeklyMenusQueryOptions } from "./get-weekly-menus";

/** `POST /api/admin/data/weekly_menu`: a week, Monday to Friday. */
export function useCreateWeeklyMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dates: { date_from: IsoDate; date_to: IsoDate }) =>
      (await api.post<DataEnvelope<WeeklyMenu>>("/api/admin/data/weekly_menu", { body: dates })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: weeklyMenusQueryOptions().queryKey }),
  });
}
