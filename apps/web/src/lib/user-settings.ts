import type { Settings } from "@kantien/domain/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

export const userSettingsQueryOptions = queryOptions({
  queryKey: ["settings"],
  queryFn: async ({ signal }) => {
    const answer = await api.get<{ success: true; settings: Settings }>("/api/settings", { signal });
    return answer.settings;
  },
  retry: false,
});

/** The signed-in staff member's own settings; only asked for when `enabled`. */
export function useUserSettings(enabled: boolean) {
  return useQuery({ ...userSettingsQueryOptions, enabled });
}
