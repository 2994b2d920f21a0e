import { ROUTES } from "@kantien/domain/route-access";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadPage } from "./app/router";
import { i18nReady } from "./lib/i18n";
import { createQueryClient } from "./lib/query-client";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");
const root = createRoot(container);
preloadPage(window.location.pathname);
const queryClient = createQueryClient();
// The kitchen board's data loads with its code (lib/kitchen-orders.ts); other pages load none of it.
if (window.location.pathname.startsWith(ROUTES.kitchen)) {
  void import("./lib/kitchen-orders").then((m) =>
    m.preloadKitchenBoardData(window.location.pathname, queryClient),
  );
}

void i18nReady.then(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
