import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { preloadPage } from "./app/router";
import { i18nReady } from "./lib/i18n";
import { preloadKitchenBoardData } from "./lib/kitchen-orders";
import { createQueryClient } from "./lib/query-client";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");
const root = createRoot(container);
preloadPage(window.location.pathname);
const queryClient = createQueryClient();
void preloadKitchenBoardData(window.location.pathname, queryClient);

void i18nReady.then(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
