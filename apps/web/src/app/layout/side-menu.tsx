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
import { MENU_ICONS, type MenuIconName } from "./menu-icons";

export const SIDE_MENU_ID = "side-menu";

export type MenuLabel = `nav.${keyof typeof import("../../locales/af.json")["nav"]}`;

/** One entry of the side menu (app/screens.tsx makes them from the table of screens). */
export type MenuEntry = { path: string; label: MenuLabel; icon: MenuIconName };

type SideMenuProps = {
  /** The entries the signed-in role sees, in order. */
  entries: MenuEntry[];
  /**
   * A fixed 240 px menu on a wide screen; below 1024 px a drawer that the top bar's
   * menu button opens and that closes after navigating (decision 0018).
   */
  variant?: "permanent" | "temporary";
  open?: boolean;
  onClose?: () => void;
};

/** The 240 px side menu with the role's entries. */
export function SideMenu({ entries, variant = "permanent", open = false, onClose }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
        {entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t("layout.noMenuItems")}
          </Typography>
        ) : (
          <List>
            {entries.map(({ path, label, icon }) => {
              const selected = pathname === path;
              const Icon = MENU_ICONS[icon];
              return (
                <ListItem key={path} disablePadding>
                  <ListItemButton
                    component={Link}
                    to={path}
                    selected={selected}
                    aria-current={selected ? "page" : undefined}
                    onClick={temporary ? onClose : undefined}
                  >
                    <ListItemIcon>
                      <Icon />
                    </ListItemIcon>
                    <ListItemText primary={t(label)} />
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
