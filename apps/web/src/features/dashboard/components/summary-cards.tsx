import type { DashboardCounts } from "@kantien/domain/dashboard";
import BadgeIcon from "@mui/icons-material/Badge";
import CalendarMonthIcon from "@mui/icons-material/CalendarMonth";
import PendingActionsIcon from "@mui/icons-material/PendingActions";
import PeopleIcon from "@mui/icons-material/People";
import RestaurantMenuIcon from "@mui/icons-material/RestaurantMenu";
import ShoppingCartIcon from "@mui/icons-material/ShoppingCart";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

const CARDS: readonly {
  key: keyof DashboardCounts;
  icon: ReactNode;
  color: string;
  hint?: "pendingOrders";
}[] = [
  { key: "totalOrders", icon: <ShoppingCartIcon />, color: "primary.main" },
  // Says what it counts: paid orders the kitchen has not begun wait too (decision 0022).
  { key: "pendingOrders", icon: <PendingActionsIcon />, color: "warning.main", hint: "pendingOrders" },
  { key: "activeUsers", icon: <PeopleIcon />, color: "success.main" },
  { key: "staff", icon: <BadgeIcon />, color: "secondary.main" },
  { key: "menuItems", icon: <RestaurantMenuIcon />, color: "info.main" },
  { key: "weeklyMenus", icon: <CalendarMonthIcon />, color: "primary.main" },
];

const numberFormat = new Intl.NumberFormat("en-ZA");

/** The six summary cards; each is a region named by its label, holding its count. */
export function SummaryCards({ counts, loading }: { counts: DashboardCounts | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-label={t("screens.dashboard.summary")}
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(3, 1fr)" },
      }}
    >
      {CARDS.map((card) => (
        <SummaryCard
          key={card.key}
          label={t(`screens.dashboard.cards.${card.key}`)}
          icon={card.icon}
          color={card.color}
          hint={card.hint ? t(`screens.dashboard.cardHints.${card.hint}`) : undefined}
          value={counts ? numberFormat.format(counts[card.key]).replace(/\s/g, " ") : null}
          loading={loading}
        />
      ))}
    </Box>
  );
}

function SummaryCard(props: {
  label: string;
  icon: ReactNode;
  color: string;
  value: string | null;
  loading: boolean;
  hint?: string | undefined;
}) {
  const labelId = useId();
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={labelId}
      sx={{ p: 2, display: "flex", alignItems: "center", gap: 2 }}
    >
      <Box sx={{ color: props.color, display: "flex", "& svg": { fontSize: 40 } }} aria-hidden="true">
        {props.icon}
      </Box>
      <Box>
        <Typography id={labelId} variant="body2" color="text.secondary" component="h2">
          {props.label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
          {props.value ?? (props.loading ? <Skeleton width="3ch" /> : "—")}
        </Typography>
        {props.hint ? (
          <Typography variant="caption" color="text.secondary">
            {props.hint}
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}
