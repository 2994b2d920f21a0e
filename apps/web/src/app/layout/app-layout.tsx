import Box from "@mui/material/Box";
import Toolbar from "@mui/material/Toolbar";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, Outlet, useNavigate } from "react-router";
import { signOut, useSession } from "../../lib/session";
import { useSettingsLanguage, useSettingsTheme } from "../../lib/user-settings";
import { useFollowThemePreference } from "../theme-mode";
import { SideMenu } from "./side-menu";
import { TopBar } from "./top-bar";

/** Spec §2 Layout: top bar, fixed side menu, and the routed page. */
export function AppLayout() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
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
      <TopBar user={user} onLogout={handleLogout} loggingOut={loggingOut} />
      <SideMenu roleId={user.role_id} />
      <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
