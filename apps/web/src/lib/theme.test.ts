import { describe, expect, it } from "vitest";
import { createAppTheme } from "./theme";

describe("createAppTheme", () => {
  it("animates by default", () => {
    const theme = createAppTheme("light");
    expect(theme.transitions.create("opacity")).toMatch(/^opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });

  it("drops transitions and ripples when the system asks for less motion, and keeps the palette", () => {
    const theme = createAppTheme("dark", { reduceMotion: true });
    expect(theme.transitions.create("opacity")).toBe("none");
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.transitions.duration.leavingScreen).toBe(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.palette.mode).toBe("dark");
    expect(theme.palette.background.default).toBe("#121212");
    expect(theme.components?.MuiDialog?.styleOverrides?.paper).toBeTypeOf("function");
  });
});
