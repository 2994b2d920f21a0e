import type { Settings } from "@kantien/domain/auth";
import type { Language } from "@kantien/domain/messages";
import { isStaffRole } from "@kantien/domain/roles";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "./api-client";
import { applyLanguage, currentLanguage, loadLanguage } from "./i18n";
import { useSession } from "./session";

export const userSettingsQueryOptions = queryOptions({
  queryKey: ["settings"],
  queryFn: async ({ signal }) => {
    const answer = await api.get<{ success: true; settings: Settings }>("/api/settings", { signal });
    return answer.settings;
  },
  retry: false,
});

/** True for a signed-in staff member or admin: the users who have server settings. */
function useHasSettings(): boolean {
  const { user } = useSession();
  return user !== null && isStaffRole(user.role_id);
}

/** The signed-in staff member's own settings; only asked for when `enabled`. */
export function useUserSettings(enabled: boolean) {
  return useQuery({ ...userSettingsQueryOptions, enabled });
}

/** `PUT /api/settings`: the whole settings object is saved at once. */
export function saveSettings(settings: Settings) {
  return api.put<{ success: true; message: string }>("/api/settings", { body: { settings } });
}

/**
 * For signed-in staff the stored `user_settings.language` is the language: the server answers
 * in it, so the screen follows it whenever the settings load or change.
 */
export function useSettingsLanguage(): void {
  const settings = useUserSettings(useHasSettings());
  const language = settings.data?.language;
  useEffect(() => {
    if (language && language !== currentLanguage()) void applyLanguage(language);
  }, [language]);
}

/**
 * The language switch. Signed-in staff: the choice is saved in their settings first (theme
 * and refresh interval unchanged), then shown; when that fails nothing changes and the
 * mutation holds the error. Signed-out visitors: the choice is only remembered locally.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  const hasSettings = useHasSettings();
  return useMutation({
    onMutate: () => queryClient.cancelQueries({ queryKey: userSettingsQueryOptions.queryKey }),
    mutationFn: async (language: Language): Promise<Settings | null> => {
      // The texts first: a failed download must not leave the server speaking another language.
      await loadLanguage(language);
      if (!hasSettings) return null;
      const settings = { ...(await queryClient.fetchQuery(userSettingsQueryOptions)), language };
      await saveSettings(settings);
      return settings;
    },
    onSuccess: async (settings, language) => {
      if (settings) queryClient.setQueryData(userSettingsQueryOptions.queryKey, settings);
      await applyLanguage(language);
    },
  });
}
