import { ROUTES } from "@kantien/domain/route-access";
import { lazy } from "react";
import { Route, Routes } from "react-router";
import { RouteGuard } from "./route-guard";
import { SectionBoundary } from "./section-boundary";

// Two apps on one router: a customer's phone loads only the ordering app's code, staff only the
// back office's (DESIGN §10 and §11). Each screen inside them loads lazily again.
const BackOfficeRoutes = lazy(() =>
  import("./back-office-routes").then((m) => ({ default: m.BackOfficeRoutes })),
);
const MyRoutes = lazy(() => import("../my/my-routes").then((m) => ({ default: m.MyRoutes })));

/** Spec §2 "Routes and access" and DESIGN §11; who may see what is decided by the domain's routeRedirect. */
export function AppRoutes() {
  return (
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
  );
}
