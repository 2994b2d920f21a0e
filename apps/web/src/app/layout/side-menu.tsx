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

/** Spec §2 Layout: the fixed 240 px side menu with the role's entries. */
export function SideMenu({ roleId }: { roleId: number | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const paths = menuPaths(roleId);
  return (
    <Drawer
      variant="permanent"
      sx={{
        width: SIDE_MENU_WIDTH,
        flexShrink: 0,
        "& .MuiDrawer-paper": { width: SIDE_MENU_WIDTH, boxSizing: "border-box" },
      }}
    >
      <Toolbar />
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
