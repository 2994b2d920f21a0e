import {
  afterSignInPath,
  normalisePath,
  ROUTES,
  routeRedirect,
  signInReturnTo,
} from "@kantien/domain/route-access";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../components/loading-screen";
import { readStoredUser, useSession } from "../lib/session";

/** Applies the domain's route table (`routeRedirect`) once the session is known. */
export function RouteGuard() {
  const { t } = useTranslation();
  const { pathname, state } = useLocation();
  const { user, isResolving } = useSession();

  if (isResolving) {
    const stored = readStoredUser();
    return (
      <LoadingScreen
        label={t("app.loadingSession")}
        detail={stored ? t("app.welcomeBack", { name: stored.first_name }) : undefined}
      />
    );
  }
  const path = normalisePath(pathname);
  let target: string | null = routeRedirect(path, user?.role_id ?? null);
  if (!target) return <Outlet />;
  // A sign-in that has just succeeded may reach the guard before the sign-in screen sends its
  // user on: both send them to the same place, back to a kitchen screen whose session ended.
  if (user && path === ROUTES.login) {
    target = afterSignInPath(user.role_id, (state as { returnTo?: unknown } | null)?.returnTo);
  }
  // A kitchen screen whose session ended comes back after the next sign-in.
  const returnTo = target === ROUTES.login ? signInReturnTo(path) : null;
  return <Navigate to={target} replace state={returnTo ? { returnTo } : undefined} />;
}
