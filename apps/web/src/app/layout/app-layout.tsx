import { isStaffRole } from "@kantien/domain/roles";
import Box from "@mui/material/Box";
import Toolbar from "@mui/material/Toolbar";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, Outlet, useNavigate } from "react-router";
import { applySettingsLanguage } from "../../lib/i18n";
import { signOut, useSession } from "../../lib/session";
import { useUserSettings } from "../../lib/user-settings";
import { SideMenu } from "./side-menu";
import { TopBar } from "./top-bar";

/** Spec §2 Layout: top bar, fixed side menu, and the routed page. */
export function AppLayout() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const settings = useUserSettings(user !== null && isStaffRole(user.role_id));
  const settingsLanguage = settings.data?.language;

  useEffect(() => {
    if (settingsLanguage) void applySettingsLanguage(settingsLanguage);
  }, [settingsLanguage]);

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
