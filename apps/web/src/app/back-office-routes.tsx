import type { ReactNode } from "react";
import { Route, Routes } from "react-router";
import {
  AppLayout,
  backOfficeMenu,
  KitchenModeLayout,
  preloadBackOfficeScreen,
  SCREENS,
  type ScreenRow,
} from "./screens";
import { SectionBoundary } from "./section-boundary";

export { preloadBackOfficeScreen };

function page(section: string, screen: ReactNode) {
  return <SectionBoundary section={section}>{screen}</SectionBoundary>;
}

/** The routes of the screens in one layout, from the table of screens (screens.tsx). */
function routesIn(layout: ScreenRow["layout"]) {
  return SCREENS.filter((screen) => screen.layout === layout).map((screen) => (
    <Route key={screen.path} path={screen.path} element={page(screen.section, screen.view.element)} />
  ));
}

/** The back office's screens, behind the router's guard. */
export function BackOfficeRoutes() {
  return (
    <Routes>
      {routesIn("none")}
      <Route element={page("kitchen-mode", <KitchenModeLayout />)}>{routesIn("kitchenMode")}</Route>
      <Route element={page("layout", <AppLayout menu={backOfficeMenu} />)}>{routesIn("backOffice")}</Route>
      {/* "/" and unknown paths: the guard always redirects them. */}
      <Route path="*" element={null} />
    </Routes>
  );
}
