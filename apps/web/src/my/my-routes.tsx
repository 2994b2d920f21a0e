import { ROUTES } from "@kantien/domain/route-access";
import { lazy, type ReactNode } from "react";
import { Route, Routes } from "react-router";
import { SectionBoundary } from "../app/section-boundary";
import { MyLayout } from "./my-layout";
import { loadMyScreen } from "./my-screens";

// Each screen of the ordering app loads on demand; none of them is back-office code (DESIGN §11).
const MyLoginScreen = lazy(() => loadMyScreen[ROUTES.myLogin]().then((m) => ({ default: m.MyLoginScreen })));
const MyMenuScreen = lazy(() => loadMyScreen[ROUTES.myMenu]().then((m) => ({ default: m.MyMenuScreen })));
const MyOrdersScreen = lazy(() =>
  loadMyScreen[ROUTES.myOrders]().then((m) => ({ default: m.MyOrdersScreen })),
);
const MyWalletScreen = lazy(() =>
  loadMyScreen[ROUTES.myWallet]().then((m) => ({ default: m.MyWalletScreen })),
);
const MyProfileScreen = lazy(() =>
  loadMyScreen[ROUTES.myProfile]().then((m) => ({ default: m.MyProfileScreen })),
);

function page(section: string, screen: ReactNode) {
  return <SectionBoundary section={section}>{screen}</SectionBoundary>;
}

/** The customers' ordering app under /my (DESIGN §11); the router's guard has already let the user in. */
export function MyRoutes() {
  return (
    <Routes>
      <Route path="login" element={page("my-login", <MyLoginScreen />)} />
      <Route element={<MyLayout />}>
        <Route index element={page("my-menu", <MyMenuScreen />)} />
        <Route path="orders" element={page("my-orders", <MyOrdersScreen />)} />
        <Route path="wallet" element={page("my-wallet", <MyWalletScreen />)} />
        <Route path="profile" element={page("my-profile", <MyProfileScreen />)} />
      </Route>
    </Routes>
  );
}
