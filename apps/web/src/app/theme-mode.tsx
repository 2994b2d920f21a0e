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
  useRef,
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
  /** Shows the user's saved preference, unless the top bar's switch is being saved. */
  followSaved: (saved: ThemePreference) => void;
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

  // While the switch is saved, settings read before it (still on their way after a sign-in)
  // must not undo it; the save ends with the new ones.
  const savingSwitch = useRef(false);
  const toggleMode = useCallback(() => {
    const previous = preference;
    const next: ThemeMode = mode === "dark" ? "light" : "dark";
    setPreference(next);
    savingSwitch.current = true;
    // Loaded on use: the settings code stays out of the first screen's bundle (first-load budgets, `npm run bench`).
    void import("../lib/user-settings")
      .then((settings) => settings.saveThemeChoice(queryClient, next))
      .catch((error: unknown) => {
        // Nothing changes when the server did not take it, as with the language switch.
        console.warn("Could not save the theme", error);
        setPreference(previous);
      })
      .finally(() => {
        savingSwitch.current = false;
      });
  }, [mode, preference, queryClient, setPreference]);
  const followSaved = useCallback(
    (saved: ThemePreference) => {
      // The whole app draws again in the other palette: in slices, so input is not held up.
      if (!savingSwitch.current) startTransition(() => setPreference(saved));
    },
    [setPreference],
  );

  const theme = useMemo(() => createAppTheme(mode, { reduceMotion }), [mode, reduceMotion]);
  const value = useMemo(
    () => ({ mode, preference, setPreference, toggleMode, followSaved }),
    [mode, preference, setPreference, toggleMode, followSaved],
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
  const { followSaved } = useThemeMode();
  useEffect(() => {
    if (saved) followSaved(saved);
  }, [saved, followSaved]);
}
