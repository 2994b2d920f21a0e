import { normalisePath, signInReturnTo } from "@kantien/domain/route-access";
import Box from "@mui/material/Box";
import Toolbar from "@mui/material/Toolbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { signOut, useSession } from "../../lib/session";
import { SIDE_MENU_BREAKPOINT } from "../../lib/theme";
import { useSettingsLanguage, useSettingsTheme } from "../../lib/user-settings";
import { useFollowThemePreference } from "../theme-mode";
import { SessionEndingBanner } from "./session-ending-banner";
import { type MenuEntry, SideMenu } from "./side-menu";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { TopBar } from "./top-bar";

/** The back office's layout: top bar, side menu (a drawer below 1024 px, decision 0018), and the routed page. */
export function AppLayout({ menu }: { menu: (roleId: number) => MenuEntry[] }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);
  // Without media queries (tests, old browsers) the wide layout (fixed side menu) shows.
  const wide = useMediaQuery((theme) => theme.breakpoints.up(SIDE_MENU_BREAKPOINT), {
    defaultMatches: true,
    noSsr: true,
  });
  const [menuOpen, setMenuOpen] = useState(false);
  useSettingsLanguage();
  useFollowThemePreference(useSettingsTheme());

  if (!user) return <Navigate to="/login" replace />;

  const handleLogout = async () => {
    setLoggingOut(true);
    await signOut(queryClient);
    navigate("/login", { replace: true });
  };

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <SkipLink />
      <TopBar
        user={user}
        onLogout={handleLogout}
        loggingOut={loggingOut}
        menu={wide ? null : { open: menuOpen, onOpen: () => setMenuOpen(true) }}
      />
      <SideMenu
        entries={menu(user.role_id)}
        variant={wide ? "permanent" : "temporary"}
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
      />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}
      >
        <Toolbar />
        {/* Of the back office's pages only the kitchen board is left running for days. */}
        {signInReturnTo(normalisePath(pathname)) && <SessionEndingBanner />}
        <Outlet />
      </Box>
    </Box>
  );
}
