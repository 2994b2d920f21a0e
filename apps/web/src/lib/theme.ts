import type { Settings } from "@kantien/domain/auth";
import { createTheme, type Theme } from "@mui/material/styles";
import { readStorage, writeStorage } from "./storage";

/** The palette shown. */
export type ThemeMode = "light" | "dark";
/** What the user chose (the settings' theme): `auto` follows the system's colour scheme. */
export type ThemePreference = Settings["theme"];

const THEME_MODE_STORAGE_KEY = "themeMode";

/** The device's own colour scheme until the user chooses (decision 0040). */
export function readThemePreference(): ThemePreference {
  const stored = readStorage(THEME_MODE_STORAGE_KEY);
  return stored === "light" || stored === "dark" ? stored : "auto";
}

export function storeThemePreference(preference: ThemePreference): void {
  writeStorage(THEME_MODE_STORAGE_KEY, preference);
}

export function resolveThemeMode(preference: ThemePreference, systemPrefersDark: boolean): ThemeMode {
  if (preference === "auto") return systemPrefersDark ? "dark" : "light";
  return preference;
}

export const SIDE_MENU_WIDTH = 240;

/**
 * Below this width the side menu is a drawer behind the top bar's menu button; from it on,
 * the fixed 240 px menu (decision 0018).
 */
export const SIDE_MENU_BREAKPOINT = 1024;

/** The brand primary: the colour of filled surfaces — the top bar, contained buttons, chips. */
export const BRAND_PRIMARY = "#1976d2";
export const BRAND_PRIMARY_HOVER = "#1565c0";

/**
 * The palette's primary is the one for text, outlines and focus: #1976d2 is 4.4:1 on the light
 * background and 4.1:1 on the dark one, short of 4.5:1 (decision 0018).
 */
export const TEXT_PRIMARY: Record<ThemeMode, string> = { light: "#1565c0", dark: "#64b5f6" };

/** The focus ring on the blue top bar (4.6:1 on #1976d2). */
const TOP_BAR_FOCUS = "#ffffff";

/** No motion at all: every transition ends at once and no ripple spreads (WCAG 2.3.3). */
const WITHOUT_MOTION = {
  transitions: {
    create: () => "none",
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
} as const;

/** The height of a dialog's action buttons, in px. */
export const DIALOG_BUTTON_HEIGHT = 48;

/** The app's theme; `reduceMotion` when the system asks for less motion (prefers-reduced-motion). */
export function createAppTheme(mode: ThemeMode, { reduceMotion = false } = {}): Theme {
  const filled = { backgroundColor: BRAND_PRIMARY, color: "#fff" };
  const theme = createTheme({
    palette: {
      mode,
      // WCAG AA: text on coloured chips, alerts and buttons keeps a 4.5:1 contrast.
      contrastThreshold: 4.5,
      primary: { main: TEXT_PRIMARY[mode] },
      secondary: { main: "#dc004e" },
      background: mode === "light" ? { default: "#f8f9ff" } : { default: "#121212" },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ":root": { "--kantien-focus": TEXT_PRIMARY[mode] },
          // One visible focus ring for every control (WCAG 2.4.7, 3:1 against its surroundings);
          // a text field shows focus by its own 2 px border instead.
          "html :focus-visible:not(.MuiInputBase-input)": {
            outline: "3px solid var(--kantien-focus)",
            outlineOffset: "2px",
          },
          // Inside lists, tabs and cards the ring sits within the control, where no overflow clips it.
          "html :is(.MuiListItemButton-root, .MuiMenuItem-root, .MuiTab-root, .MuiCardActionArea-root, .MuiTableRow-root, .MuiTableSortLabel-root):focus-visible":
            { outlineOffset: "-3px" },
          ".MuiAppBar-colorPrimary": {
            "--kantien-focus": mode === "light" ? TOP_BAR_FOCUS : TEXT_PRIMARY.dark,
          },
          // The skip link's target is focused by script only; it needs no ring.
          "main:focus": { outline: "none" },
        },
      },
      MuiAppBar: {
        styleOverrides: {
          colorPrimary: mode === "light" ? filled : {},
        },
      },
      MuiButton: {
        styleOverrides: {
          root: {
            variants: [
              {
                props: { variant: "contained", color: "primary" },
                style: { ...filled, "&:hover": { backgroundColor: BRAND_PRIMARY_HOVER } },
              },
            ],
          },
        },
      },
      MuiChip: {
        styleOverrides: {
          root: { variants: [{ props: { variant: "filled", color: "primary" }, style: filled }] },
        },
      },
      MuiDialog: {
        styleOverrides: {
          // Form and detail dialogs (fullWidth) fill a phone's screen; questions stay small.
          paper: ({ ownerState, theme }) =>
            ownerState.fullWidth
              ? {
                  [theme.breakpoints.down("sm")]: {
                    margin: 0,
                    width: "100%",
                    maxWidth: "100%",
                    height: "100%",
                    maxHeight: "none",
                    borderRadius: 0,
                  },
                }
              : {},
        },
      },
      // A dialog's answer is a decision (allocate, close a day, reverse money): its buttons are
      // 48 px, as the kitchen's are (touch-targets.tsx), for a finger on a tablet or a phone.
      MuiDialogActions: {
        styleOverrides: { root: { "& .MuiButton-root": { minHeight: DIALOG_BUTTON_HEIGHT } } },
      },
    },
  });
  return reduceMotion ? createTheme(theme, WITHOUT_MOTION) : theme;
}
