import { isOrderingAppPath, ROUTES } from "@kantien/domain/route-access";
import { Route, Routes } from "react-router";
import { NoticeStaysOnItsPage } from "../components/notice";
import { lazyComponent, preloadModule } from "../lib/lazy-component";
import { preloadMyScreen } from "./my-screens";
import { RouteGuard } from "./route-guard";
import { SectionBoundary } from "./section-boundary";

// Two apps on one router: a customer's phone loads only the ordering app's code, staff only the
// back office's. Each screen inside them loads lazily again.
const loadBackOffice = () => import("./back-office-routes");
const loadOrderingApp = () => import("./my-routes");
const BackOfficeRoutes = lazyComponent(loadBackOffice, (m) => m.BackOfficeRoutes);
const MyRoutes = lazyComponent(loadOrderingApp, (m) => m.MyRoutes);

/**
 * Starts loading the code of the page being opened, and of its screen, while the app starts:
 * otherwise each waits for the render before it (three round trips on a phone's network).
 * Resolves when it is there, or failed: a failure is left to the page itself, which loads again
 * and shows its error.
 */
export function preloadPage(pathname: string): Promise<void> {
  const loading = isOrderingAppPath(pathname)
    ? Promise.all([preloadModule(loadOrderingApp), preloadMyScreen(pathname)])
    : // The back office's screens are named in its own chunk only (the bench tells its code by that).
      preloadModule(loadBackOffice).then((m) => m.preloadBackOfficeScreen(pathname));
  return loading.then(
    () => undefined,
    () => undefined,
  );
}

/** Who may see what is decided by the domain's routeRedirect (route-access.ts). */
export function AppRoutes() {
  return (
    <>
      <NoticeStaysOnItsPage />
      <Routes>
        <Route element={<RouteGuard />}>
          <Route
            path={`${ROUTES.myMenu}/*`}
            element={
              <SectionBoundary section="my">
                <MyRoutes />
              </SectionBoundary>
            }
          />
          <Route
            path="*"
            element={
              <SectionBoundary section="back-office">
                <BackOfficeRoutes />
              </SectionBoundary>
            }
          />
        </Route>
      </Routes>
    </>
  );
}
