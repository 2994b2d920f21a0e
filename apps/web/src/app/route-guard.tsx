import { normalisePath, routeRedirect } from "@kantien/domain/route-access";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../components/loading-screen";
import { readStoredUser, useSession } from "../lib/session";

/** Applies the domain's route table (spec §2) once the session is known. */
export function RouteGuard() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
  const target = routeRedirect(normalisePath(pathname), user?.role_id ?? null);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}
