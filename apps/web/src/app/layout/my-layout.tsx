import { formatRand } from "@kantien/domain/money";
import { isCustomerRole, ROLE } from "@kantien/domain/roles";
import { ROUTES } from "@kantien/domain/route-access";
import AccountBalanceWalletOutlined from "@mui/icons-material/AccountBalanceWalletOutlined";
import PersonOutlined from "@mui/icons-material/PersonOutlined";
import ReceiptLongOutlined from "@mui/icons-material/ReceiptLongOutlined";
import RestaurantMenu from "@mui/icons-material/RestaurantMenu";
import WifiOff from "@mui/icons-material/WifiOff";
import Alert from "@mui/material/Alert";
import AppBar from "@mui/material/AppBar";
import BottomNavigation from "@mui/material/BottomNavigation";
import BottomNavigationAction from "@mui/material/BottomNavigationAction";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useEffect, useReducer } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, Link as RouterLink, useLocation } from "react-router";
import { BOTTOM_BAR_HEIGHT_VAR } from "../../components/notice";
import { actingFor, setActingFor } from "../../lib/acting-for";
import { useAppConfig } from "../../lib/app-config";
import { applyLanguage, currentLanguage } from "../../lib/i18n";
import { lazyComponent } from "../../lib/lazy-component";
import { useMyBalance, useMyProfile } from "../../lib/my-data";
import { startInstallableApp } from "../../lib/pwa";
import { useSession } from "../../lib/session";
import { useMyOrderEvents } from "../../lib/use-my-order-events";
import { useOnline } from "../../lib/use-online";
import { SectionBoundary } from "../section-boundary";
import { useFollowThemePreference } from "../theme-mode";

export const MY_MAIN_ID = "my-main";

// Only those who may act for a learner load it (decision 0068).
const LearnerGate = lazyComponent(
  () => import("../../features/my-learners/load-learner-gate").then((m) => m.loadLearnerGate()),
  (m) => m.LearnerGate,
);
const BOTTOM_BAR_HEIGHT = 64;

const TABS = [
  { path: ROUTES.myMenu, label: "my.nav.menu", icon: <RestaurantMenu /> },
  { path: ROUTES.myOrders, label: "my.nav.orders", icon: <ReceiptLongOutlined /> },
  { path: ROUTES.myWallet, label: "my.nav.wallet", icon: <AccountBalanceWalletOutlined /> },
  { path: ROUTES.myProfile, label: "my.nav.profile", icon: <PersonOutlined /> },
] as const;

/** The signed-in customer's language and theme, as saved in their profile, on every device. */
function useProfilePreferences(): void {
  const profile = useMyProfile().data;
  const language = profile?.language;
  useEffect(() => {
    if (language && language !== currentLanguage()) void applyLanguage(language);
  }, [language]);
  useFollowThemePreference(profile?.theme ?? null);
}

function BalanceButton() {
  const { t } = useTranslation();
  const balance = useMyBalance().data;
  if (!balance) return null;
  return (
    <ButtonBase
      component={RouterLink}
      to={ROUTES.myWallet}
      aria-label={t("my.balanceLabel", { amount: formatRand(balance.balance) })}
      sx={{ minHeight: 48, px: 1.5, borderRadius: 2, typography: "subtitle1", fontWeight: 700 }}
    >
      {formatRand(balance.balance)}
    </ButtonBase>
  );
}

/**
 * The ordering app's frame: a slim top bar with my balance, the page, and a bottom navigation
 * a thumb can reach (phone first). Live order events and the offline notice live here, so every
 * screen has them.
 */
export function MyLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { canteenName } = useAppConfig();
  const { pathname } = useLocation();
  const online = useOnline();
  useProfilePreferences();
  // A guardian's learners' orders are not on their stream: their screens load them afresh.
  useMyOrderEvents(user !== null && isCustomerRole(user.role_id));
  // The switch between learners renders the frame again: the balance is the chosen one's.
  const [, switched] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty(BOTTOM_BAR_HEIGHT_VAR, `${BOTTOM_BAR_HEIGHT}px`);
    startInstallableApp();
    return () => {
      root.removeProperty(BOTTOM_BAR_HEIGHT_VAR);
    };
  }, []);

  if (!user) return <Navigate to={ROUTES.myLogin} replace />;
  // A learner acts for no one: a choice left on a shared device by a guardian is dropped before
  // any screen asks for data (the learner switch checks it for those who may act).
  if (user.role_id === ROLE.student && actingFor() !== null) setActingFor(null);
  const current = TABS.find((tab) => tab.path === pathname)?.path ?? false;

  return (
    <Box sx={{ minHeight: "100dvh", pb: "calc(72px + env(safe-area-inset-bottom))" }}>
      <AppBar
        position="sticky"
        color="default"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: "divider" }}
      >
        <Container maxWidth="sm" disableGutters>
          <Toolbar sx={{ justifyContent: "space-between", gap: 1 }}>
            <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700 }}>
              {canteenName}
            </Typography>
            {/* A guardian has no wallet: the balance is the chosen learner's, once one is. */}
            {isCustomerRole(user.role_id) || actingFor() !== null ? <BalanceButton /> : null}
          </Toolbar>
        </Container>
      </AppBar>
      <Container component="main" id={MY_MAIN_ID} tabIndex={-1} maxWidth="sm" sx={{ py: 2, outline: "none" }}>
        {online ? null : (
          <Alert severity="warning" icon={<WifiOff />} sx={{ mb: 2 }}>
            {t("my.offline")}
          </Alert>
        )}
        {user.role_id === ROLE.student ? (
          <Outlet />
        ) : (
          // Whom the screens act for: a guardian's learner, or an academy staff member's own or a
          // learner's (decision 0068).
          <SectionBoundary section="my-learners">
            <LearnerGate eatsToo={isCustomerRole(user.role_id)} onSwitch={switched}>
              <Outlet />
            </LearnerGate>
          </SectionBoundary>
        )}
      </Container>
      <Paper
        component="nav"
        aria-label={t("my.nav.label")}
        elevation={8}
        sx={{ position: "fixed", left: 0, right: 0, bottom: 0, pb: "env(safe-area-inset-bottom)", zIndex: 2 }}
      >
        <Container maxWidth="sm" disableGutters>
          <BottomNavigation
            showLabels
            value={current}
            sx={{ height: BOTTOM_BAR_HEIGHT, bgcolor: "transparent" }}
          >
            {TABS.map((tab) => (
              <BottomNavigationAction
                key={tab.path}
                component={RouterLink}
                to={tab.path}
                value={tab.path}
                label={t(tab.label)}
                icon={tab.icon}
                aria-current={current === tab.path ? "page" : undefined}
              />
            ))}
          </BottomNavigation>
        </Container>
      </Paper>
    </Box>
  );
}
