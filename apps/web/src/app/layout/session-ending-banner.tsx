import { normalisePath, ROUTES, signInReturnTo } from "@kantien/domain/route-access";
import { sessionEndingSoon } from "@kantien/domain/session";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useCanteenTimeZone } from "../../lib/app-config";
import { formatTime } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import { signOut, useSessionEnd } from "../../lib/session";
import { useNow } from "../../lib/use-now";

/** The warning is checked against the clock this often. */
const TICK_MS = 60_000;

/**
 * On the kitchen's screens, the last hour before the session's absolute end (decision 0025):
 * a board in use never idles out, so this is the end it meets. Signing in again now, between
 * orders, starts a new session and comes back to the same screen.
 */
export function SessionEndingBanner() {
  const { t } = useTranslation();
  const endsAt = useSessionEnd();
  const now = useNow(TICK_MS);
  const timeZone = useCanteenTimeZone();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  if (!endsAt || !sessionEndingSoon(endsAt, now)) return null;

  const signInAgain = async () => {
    setSigningOut(true);
    const returnTo = signInReturnTo(normalisePath(pathname));
    await signOut(queryClient);
    navigate(ROUTES.login, { replace: true, state: returnTo ? { returnTo } : undefined });
  };

  return (
    <Alert
      severity="warning"
      sx={{ mb: 2, alignItems: "center", displayPrint: "none" }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          onClick={signInAgain}
          disabled={signingOut}
          sx={{ minHeight: 48 }}
        >
          {t("layout.sessionEnding.signInAgain")}
        </Button>
      }
    >
      {t("layout.sessionEnding.message", { time: formatTime(endsAt, timeZone, currentLanguage()) })}
    </Alert>
  );
}
