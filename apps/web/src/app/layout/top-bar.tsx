import type { PublicUser } from "@kantien/domain/auth";
import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import LogoutIcon from "@mui/icons-material/Logout";
import MenuIcon from "@mui/icons-material/Menu";
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
import { SIDE_MENU_ID } from "./side-menu";

type TopBarProps = {
  user: PublicUser;
  onLogout: () => void;
  loggingOut: boolean;
  /** Below 1024 px: the button that opens the side menu's drawer; null on a wide screen. */
  menu: { open: boolean; onOpen: () => void } | null;
};

export function TopBar({ user, onLogout, loggingOut, menu }: TopBarProps) {
  const { t } = useTranslation();
  const { canteenName } = useAppConfig();
  const { mode, toggleMode } = useThemeMode();
  const themeLabel = mode === "dark" ? t("layout.themeToLight") : t("layout.themeToDark");
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 1.5 } }}>
        {menu ? (
          <IconButton
            color="inherit"
            edge="start"
            onClick={menu.onOpen}
            aria-label={t("a11y.openMenu")}
            aria-haspopup="true"
            aria-expanded={menu.open}
            aria-controls={menu.open ? SIDE_MENU_ID : undefined}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Typography variant="h6" component="p" noWrap sx={{ flexGrow: 1, minWidth: 0, fontWeight: 700 }}>
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
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={onLogout}
          disabled={loggingOut}
          sx={{ display: { xs: "none", sm: "inline-flex" } }}
        >
          {t("layout.logout")}
        </Button>
        {/* A phone has room for the icon only; its name stays for screen readers. */}
        <IconButton
          color="inherit"
          edge="end"
          onClick={onLogout}
          disabled={loggingOut}
          aria-label={t("layout.logout")}
          sx={{ display: { xs: "inline-flex", sm: "none" } }}
        >
          <LogoutIcon />
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
