import AddCircleIcon from "@mui/icons-material/AddCircle";
import KitchenIcon from "@mui/icons-material/Kitchen";
import ListAltIcon from "@mui/icons-material/ListAlt";
import ManageAccountsIcon from "@mui/icons-material/ManageAccounts";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import SettingsIcon from "@mui/icons-material/Settings";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { QuickAction } from "../quick-actions";

const ICONS: Record<QuickAction["key"], ReactNode> = {
  addStaff: <PersonAddIcon />,
  addMenuItem: <AddCircleIcon />,
  viewOrders: <ListAltIcon />,
  kitchen: <KitchenIcon />,
  manageStaff: <ManageAccountsIcon />,
  settings: <SettingsIcon />,
};

/** Links to the screens the role may use. */
export function QuickActions({ actions }: { actions: readonly QuickAction[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t("screens.dashboard.quickActions")}
      </Typography>
      <Stack spacing={1}>
        {actions.map((action) => (
          <Button
            key={action.key}
            component={Link}
            to={action.path}
            // Contained: primary blue as text is under 4.5:1 on the dark background.
            variant="contained"
            startIcon={ICONS[action.key]}
            sx={{ justifyContent: "flex-start" }}
          >
            {t(`screens.dashboard.actions.${action.key}`)}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}
