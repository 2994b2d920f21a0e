import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { NoticeProvider } from "../components/notice";
import { ThemeModeProvider } from "./theme-mode";

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <NoticeProvider>{children}</NoticeProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
