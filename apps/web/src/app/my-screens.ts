import { normalisePath, ROUTES } from "@kantien/domain/route-access";
import { withTexts } from "../lib/i18n";
import { preloadModule } from "../lib/lazy-component";

/**
 * The ordering app's screens, each its own chunk, none back-office code. The entry may start loading the
 * one being opened alongside the app's routes (app/router.tsx `preloadPage`); this module holds
 * only the loaders, so none of the screens' code joins the entry.
 */
export const loadMyScreen = {
  [ROUTES.myLogin]: () => import("../features/my-login/components/my-login-screen"),
  [ROUTES.myMenu]: () => import("../features/my-menu/components/my-menu-screen"),
  [ROUTES.myOrders]: () => withTexts("myOrders", import("../features/my-orders/components/my-orders-screen")),
  // The wallet's texts come with its screen (lib/i18n.ts).
  [ROUTES.myWallet]: () => withTexts("myWallet", import("../features/my-wallet/components/my-wallet-screen")),
  // So do the profile's allergies and data download.
  [ROUTES.myProfile]: () =>
    withTexts("myProfile", import("../features/my-profile/components/my-profile-screen")),
};

/** Starts loading the screen at `pathname`, if it is one of the ordering app's. */
export function preloadMyScreen(pathname: string): Promise<unknown> {
  const load: (() => Promise<unknown>) | undefined =
    loadMyScreen[normalisePath(pathname) as keyof typeof loadMyScreen];
  return load ? preloadModule(load) : Promise.resolve();
}
