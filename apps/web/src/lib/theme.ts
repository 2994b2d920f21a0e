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
      primary: { main: "#1976d2" },
      secondary: { main: "#dc004e" },
      background: mode === "light" ? { default: "#f8f9ff" } : { default: "#121212" },
    },
  });
}
