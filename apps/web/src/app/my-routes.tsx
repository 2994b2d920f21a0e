import { ROUTES } from "@kantien/domain/route-access";
import type { ReactNode } from "react";
import { Route, Routes } from "react-router";
import { lazyComponent } from "../lib/lazy-component";
import { MyLayout } from "./layout/my-layout";
import { loadMyScreen, preloadMyScreen } from "./my-screens";
import { SectionBoundary } from "./section-boundary";

// Each screen of the ordering app loads on demand; none of them is back-office code.
const MyLoginScreen = lazyComponent(loadMyScreen[ROUTES.myLogin], (m) => m.MyLoginScreen);
const MyMenuScreen = lazyComponent(loadMyScreen[ROUTES.myMenu], (m) => m.MyMenuScreen);
const MyOrdersScreen = lazyComponent(loadMyScreen[ROUTES.myOrders], (m) => m.MyOrdersScreen);
const MyWalletScreen = lazyComponent(loadMyScreen[ROUTES.myWallet], (m) => m.MyWalletScreen);
const MyProfileScreen = lazyComponent(loadMyScreen[ROUTES.myProfile], (m) => m.MyProfileScreen);

function page(section: string, screen: ReactNode) {
  return <SectionBoundary section={section}>{screen}</SectionBoundary>;
}

/** The customers' ordering app under /my (decision 0021); the router's guard has already let the user in. */
export function MyRoutes() {
  return (
    <Routes>
      <Route path="login" element={page("my-login", <MyLoginScreen preloadPage={preloadMyScreen} />)} />
      <Route element={<MyLayout />}>
        <Route index element={page("my-menu", <MyMenuScreen />)} />
        <Route path="orders" element={page("my-orders", <MyOrdersScreen />)} />
        <Route path="wallet" element={page("my-wallet", <MyWalletScreen />)} />
        <Route path="profile" element={page("my-profile", <MyProfileScreen />)} />
        {/* A guardian's family: shown by the learner switch, which the layout loads for them. */}
        <Route path="learners" element={null} />
      </Route>
    </Routes>
  );
}
