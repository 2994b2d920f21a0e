import { menuPaths } from "@kantien/domain/route-access";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { SIDE_MENU_WIDTH } from "../../lib/theme";
import { MENU_ITEMS } from "./menu-items";

export const SIDE_MENU_ID = "side-menu";

type SideMenuProps = {
  roleId: number | null;
  /**
   * A fixed 240 px menu on a wide screen; below 1024 px a drawer that the top bar's
   * menu button opens and that closes after navigating (decision 0018).
   */
  variant?: "permanent" | "temporary";
  open?: boolean;
  onClose?: () => void;
};

/** The 240 px side menu with the role's entries. */
export function SideMenu({ roleId, variant = "permanent", open = false, onClose }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const paths = menuPaths(roleId);
  const temporary = variant === "temporary";
  return (
    <Drawer
      id={SIDE_MENU_ID}
      variant={variant}
      open={temporary ? open : undefined}
      onClose={onClose}
      sx={{
        width: temporary ? undefined : SIDE_MENU_WIDTH,
        flexShrink: 0,
        // The top bar stands above the permanent menu (drawer + 1); the drawer must stand above it,
        // or its first entries hide under it.
        ...(temporary ? { zIndex: (theme) => theme.zIndex.drawer + 2 } : {}),
        "& .MuiDrawer-paper": { width: SIDE_MENU_WIDTH, boxSizing: "border-box" },
      }}
    >
      {/* The permanent menu sits under the fixed top bar; the drawer covers it. */}
      {temporary ? null : <Toolbar />}
      <nav aria-label={t("layout.mainMenu")}>
        {paths.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t("layout.noMenuItems")}
          </Typography>
        ) : (
          <List>
            {paths.map((path) => {
              const item = MENU_ITEMS[path];
              const selected = pathname === path;
              return (
                <ListItem key={path} disablePadding>
                  <ListItemButton
                    component={Link}
                    to={path}
                    selected={selected}
                    aria-current={selected ? "page" : undefined}
                    onClick={temporary ? onClose : undefined}
                  >
                    <ListItemIcon>{item?.icon}</ListItemIcon>
                    <ListItemText primary={item ? t(item.labelKey) : path} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </nav>
    </Drawer>
  );
}
