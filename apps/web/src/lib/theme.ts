import { createTheme, type Theme } from "@mui/material/styles";
import { readStorage, writeStorage } from "./storage";

export type ThemeMode = "light" | "dark";

const THEME_MODE_STORAGE_KEY = "themeMode";

/** Spec §9: dark until the user chooses. */
export function readThemeMode(): ThemeMode {
  return readStorage(THEME_MODE_STORAGE_KEY) === "light" ? "light" : "dark";
}

export function storeThemeMode(mode: ThemeMode): void {
  writeStorage(THEME_MODE_STORAGE_KEY, mode);
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
