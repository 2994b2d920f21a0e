import { normalisePath, ROUTES } from "@kantien/domain/route-access";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadPage } from "./app/router";
import { appConfigQueryOptions } from "./lib/app-config";
import { i18nReady } from "./lib/i18n";
import { createQueryClient } from "./lib/query-client";
import { sessionQueryOptions } from "./lib/session";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");
const root = createRoot(container);
const queryClient = createQueryClient();
// The kitchen board's data loads with its code (lib/kitchen-orders.ts); other pages load none of it.
if (window.location.pathname.startsWith(ROUTES.kitchen)) {
  void import("./lib/kitchen-orders").then((m) =>
    m.preloadKitchenBoardData(window.location.pathname, queryClient),
  );
}
// The ordering app's menu likewise: this week's dishes load beside the screen's code.
if (normalisePath(window.location.pathname) === ROUTES.myMenu) {
  void import("./features/my-menu/api/my-menu").then((m) => m.preloadMyMenu(queryClient));
}

/**
 * The first render waits for what every page asks first: its texts, its code, who is signed in
 * (index.html preloads /api/auth/me) and the canteen's name. Meanwhile index.html shows the
 * page's first screen (decision 0031). Then React draws the page once, in a transition: in
 * slices, between which the browser stays free for input, instead of a loading screen and one
 * long task per answer after it.
 */
function start() {
  void Promise.all([
    i18nReady,
    preloadPage(window.location.pathname),
    queryClient.prefetchQuery(sessionQueryOptions),
    queryClient.prefetchQuery(appConfigQueryOptions),
  ]).then(() => {
    startTransition(() => {
      root.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}
// A task of its own: the scripts' evaluation (MUI's default theme among it) is one long task already.
setTimeout(start, 0);
