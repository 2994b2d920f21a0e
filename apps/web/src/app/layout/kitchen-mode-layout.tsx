import Box from "@mui/material/Box";
import { Outlet } from "react-router";
import { useSettingsLanguage, useSettingsTheme } from "../../lib/user-settings";
import { useFollowThemePreference } from "../theme-mode";
import { SessionEndingBanner } from "./session-ending-banner";
import { MAIN_CONTENT_ID } from "./skip-link";

/**
 * The kitchen mode (decision 0025): the board on the whole screen of a tablet, without the top bar
 * and the side menu; the board's own header leads back to the back office in one tap. Left
 * running for days, it warns before its session ends (decision 0025).
 */
export function KitchenModeLayout() {
  useSettingsLanguage();
  useFollowThemePreference(useSettingsTheme());
  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      sx={{ p: { xs: 1.5, sm: 2 }, minHeight: "100vh", "@media print": { p: 0, minHeight: 0 } }}
    >
      <SessionEndingBanner />
      <Outlet />
    </Box>
  );
}
