import type { Settings } from "@kantien/domain/auth";
import { createTheme, type Theme } from "@mui/material/styles";
import { readStorage, writeStorage } from "./storage";

/** The palette shown. */
export type ThemeMode = "light" | "dark";
/** What the user chose (the settings' theme): `auto` follows the system's colour scheme. */
export type ThemePreference = Settings["theme"];

const THEME_MODE_STORAGE_KEY = "themeMode";

/** Spec §9: dark until the user chooses (decision 0012). */
export function readThemePreference(): ThemePreference {
  const stored = readStorage(THEME_MODE_STORAGE_KEY);
  return stored === "light" || stored === "auto" ? stored : "dark";
}

export function storeThemePreference(preference: ThemePreference): void {
  writeStorage(THEME_MODE_STORAGE_KEY, preference);
}

export function resolveThemeMode(preference: ThemePreference, systemPrefersDark: boolean): ThemeMode {
  if (preference === "auto") return systemPrefersDark ? "dark" : "light";
  return preference;
}

export const SIDE_MENU_WIDTH = 240;

export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      // WCAG AA: text on coloured chips, alerts and buttons keeps a 4.5:1 contrast.
      contrastThreshold: 4.5,
      primary: { main: "#1976d2" },
      secondary: { main: "#dc004e" },
      background: mode === "light" ? { default: "#f8f9ff" } : { default: "#121212" },
    },
  });
}
