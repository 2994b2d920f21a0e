import type { QueryClient } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { AppProviders } from "./providers";
import { AppRoutes } from "./router";

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
