import type { PublicUser } from "@kantien/domain/auth";
import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import LogoutIcon from "@mui/icons-material/Logout";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "../../lib/app-config";
import { useThemeMode } from "../theme-mode";
import { LanguageSwitch } from "./language-switch";
import { RoleBadge } from "./role-badge";

type TopBarProps = { user: PublicUser; onLogout: () => void; loggingOut: boolean };

export function TopBar({ user, onLogout, loggingOut }: TopBarProps) {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  const { mode, toggleMode } = useThemeMode();
  const themeLabel = mode === "dark" ? t("layout.themeToLight") : t("layout.themeToDark");
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <Typography variant="h6" component="p" sx={{ flexGrow: 1, fontWeight: 700 }}>
          {canteenName}
        </Typography>
        <LanguageSwitch />
        <Tooltip title={themeLabel}>
          <IconButton color="inherit" onClick={toggleMode} aria-label={themeLabel}>
            {mode === "dark" ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Tooltip>
        <Box sx={{ display: { xs: "none", sm: "flex" }, alignItems: "center", gap: 1 }}>
          <Typography component="p">{`${user.first_name} ${user.last_name}`}</Typography>
          <RoleBadge roleId={user.role_id} />
        </Box>
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={onLogout} disabled={loggingOut}>
          {t("layout.logout")}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
