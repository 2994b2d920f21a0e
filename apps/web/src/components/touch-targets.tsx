import { createTheme, type Theme, ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";

/** A finger on a kitchen tablet needs 48 px: every button, chip and icon button is at least that. */
const TOUCH = 48;

const touchTheme = (outer: Theme) =>
  createTheme(outer, {
    components: {
      MuiButton: { styleOverrides: { root: { minHeight: TOUCH } } },
      MuiIconButton: { styleOverrides: { root: { minWidth: TOUCH, minHeight: TOUCH } } },
      MuiChip: { styleOverrides: { clickable: { minHeight: TOUCH, borderRadius: TOUCH / 2 } } },
    },
  });

/**
 * The kitchen board, the counter and every dialog they open (dialogs take the theme of where they are
 * rendered in React, not of the page's DOM): touch-sized targets throughout.
 */
export function TouchTargets({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={touchTheme}>{children}</ThemeProvider>;
}
