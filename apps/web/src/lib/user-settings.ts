import type { Settings } from "@kantien/domain/auth";
import type { Language } from "@kantien/domain/language";
import { isStaffRole } from "@kantien/domain/roles";
import { normalizeRefreshInterval, SETTINGS_DEFAULTS } from "@kantien/domain/settings-rules";

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "./api-client";
import { applyLanguage, currentLanguage, loadLanguage } from "./i18n";
import { queryKeys } from "./query-keys";
import { useSession } from "./session";
import { readStorage, writeStorage } from "./storage";

/** The settings are cached on the device under `user_settings`. */
const SETTINGS_STORAGE_KEY = "user_settings";
function sessionUserId(queryClient: QueryClient): string | undefined {
  return queryClient.getQueryData<{ id: string } | null>(queryKeys.session)?.id;
}

type CachedSettings = Settings & { user_id: string };

function isSettings(value: unknown): value is Settings {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.theme === "light" || v.theme === "dark" || v.theme === "auto") &&
    (v.language === "af" || v.language === "en") &&
    typeof v.refresh_interval === "number"
  );
}

/** The cached copy, only when it is this user's (a shared computer keeps one cache). */
function readCachedSettings(userId: string | undefined): Settings | null {
  const raw = readStorage(SETTINGS_STORAGE_KEY);
  if (!raw || !userId) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isSettings(value) || (value as Partial<CachedSettings>).user_id !== userId) return null;
    return {
      theme: value.theme,
      language: value.language,
      refresh_interval: normalizeRefreshInterval(value.refresh_interval),
    };
  } catch {
    return null;
  }
}

function cacheSettings(userId: string | undefined, settings: Settings): void {
  if (!userId) return;
  const cached: CachedSettings = { ...settings, user_id: userId };
  writeStorage(SETTINGS_STORAGE_KEY, JSON.stringify(cached));
}

export const userSettingsQueryOptions = queryOptions({
  queryKey: ["settings"],
  queryFn: async ({ signal, client }) => {
    const userId = sessionUserId(client);
    try {
      const answer = await api.get<{ success: true; settings: Settings }>("/api/settings", { signal });
      cacheSettings(userId, answer.settings);
      return answer.settings;
    } catch (error) {
      // A failed load falls back to the cached copy.
      const cached = readCachedSettings(userId);
      if (cached && !signal.aborted) {
        console.warn("Could not load the settings; using the cached copy", error);
        return cached;
      }
      throw error;
    }
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

/** The polling interval of the live screens (kitchen and others), in seconds: the user's setting. */
export function useRefreshSeconds(): number {
  const settings = useUserSettings(useHasSettings());
  return normalizeRefreshInterval(settings.data?.refresh_interval ?? SETTINGS_DEFAULTS.refresh_interval);
}

/** `PUT /api/settings`: the whole settings object is saved at once. */
export function saveSettings(settings: Settings) {
  return api.put<{ success: true; message: string }>("/api/settings", { body: { settings } });
}

/** After a save: the query, and so every screen that reads it, and the device's cache. */
function storeSavedSettings(queryClient: QueryClient, settings: Settings): void {
  queryClient.setQueryData(userSettingsQueryOptions.queryKey, settings);
  cacheSettings(sessionUserId(queryClient), settings);
}

/** Saves one change on top of the user's stored settings, the others unchanged; answers what was saved. */
async function saveSettingsChange(queryClient: QueryClient, change: Partial<Settings>): Promise<Settings> {
  const settings = { ...(await queryClient.fetchQuery(userSettingsQueryOptions)), ...change };
  await saveSettings(settings);
  return settings;
}

/**
 * The settings screen's save (Stoor and Stel terug): on success the language and theme
 * follow at once through `useSettingsLanguage` and the theme provider.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: () => queryClient.cancelQueries({ queryKey: userSettingsQueryOptions.queryKey }),
    mutationFn: async (settings: Settings) => {
      // The texts first, so the interface can switch the moment the server has the choice.
      await loadLanguage(settings.language);
      return { settings, answer: await saveSettings(settings) };
    },
    onSuccess: async ({ settings }) => {
      storeSavedSettings(queryClient, settings);
      if (settings.language !== currentLanguage()) await applyLanguage(settings.language);
    },
  });
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

/** The signed-in user's saved theme, for the theme provider to follow (null: none known). */
export function useSettingsTheme(): Settings["theme"] | null {
  return useUserSettings(useHasSettings()).data?.theme ?? null;
}

/**
 * The top bar's light/dark switch: for signed-in staff the choice is saved in their
 * settings (language and refresh interval unchanged), so it is the same on every device
 * and on the settings screen. Signed-out visitors keep it on the device only.
 */
export async function saveThemeChoice(queryClient: QueryClient, theme: Settings["theme"]): Promise<void> {
  const user = queryClient.getQueryData<{ role_id: number } | null>(queryKeys.session);
  if (!user || !isStaffRole(user.role_id)) return;
  await queryClient.cancelQueries({ queryKey: userSettingsQueryOptions.queryKey });
  storeSavedSettings(queryClient, await saveSettingsChange(queryClient, { theme }));
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
      return hasSettings ? saveSettingsChange(queryClient, { language }) : null;
    },
    onSuccess: async (settings, language) => {
      if (settings) storeSavedSettings(queryClient, settings);
      await applyLanguage(language);
    },
  });
}
