import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import {
  createAppTheme,
  readThemePreference,
  resolveThemeMode,
  storeThemePreference,
  type ThemeMode,
  type ThemePreference,
} from "../lib/theme";

type ThemeModeContextValue = {
  /** The palette shown. */
  mode: ThemeMode;
  /** What the user chose; `auto` follows the system. */
  preference: ThemePreference;
  /** Shows a preference on this device (the settings screen saves it on the server itself). */
  setPreference: (preference: ThemePreference) => void;
  /** The top bar's switch: the other palette, saved in the signed-in user's settings. */
  toggleMode: () => void;
};

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [preference, setPreferenceState] = useState<ThemePreference>(readThemePreference);
  // The system's colour scheme (for `auto`) and motion preference, re-read when they change.
  const systemPrefersDark = useMediaQuery("(prefers-color-scheme: dark)", { noSsr: true });
  const reduceMotion = useMediaQuery("(prefers-reduced-motion: reduce)", { noSsr: true });
  const mode = resolveThemeMode(preference, systemPrefersDark);

  const setPreference = useCallback((next: ThemePreference) => {
    // Only a change is written: the device keeps "no choice yet" (its own scheme) until there is one.
    if (next !== readThemePreference()) storeThemePreference(next);
    setPreferenceState(next);
  }, []);

  const toggleMode = useCallback(() => {
    const previous = preference;
    const next: ThemeMode = mode === "dark" ? "light" : "dark";
    setPreference(next);
    // Loaded on use: the settings code stays out of the first screen's bundle (first-load budgets, `npm run bench`).
    void import("../lib/user-settings")
      .then((settings) => settings.saveThemeChoice(queryClient, next))
      .catch((error: unknown) => {
        // Nothing changes when the server did not take it, as with the language switch.
        console.warn("Could not save the theme", error);
        setPreference(previous);
      });
  }, [mode, preference, queryClient, setPreference]);

  const theme = useMemo(() => createAppTheme(mode, { reduceMotion }), [mode, reduceMotion]);
  const value = useMemo(
    () => ({ mode, preference, setPreference, toggleMode }),
    [mode, preference, setPreference, toggleMode],
  );
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error("useThemeMode needs a ThemeModeProvider");
  return value;
}

/** Shows the signed-in user's saved theme whenever it loads or changes (null: nothing saved known). */
export function useFollowThemePreference(saved: ThemePreference | null): void {
  const { setPreference } = useThemeMode();
  useEffect(() => {
    // The whole app draws again in the other palette: in slices, so input is not held up.
    if (saved) startTransition(() => setPreference(saved));
  }, [saved, setPreference]);
}
