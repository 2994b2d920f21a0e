import { type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ErrorFallback } from "../components/error-fallback";
import { LoadingScreen } from "../components/loading-screen";
import { clearThrowRequest, throwIfRequested } from "./test-hooks";

function TestThrow({ section }: { section: string }) {
  throwIfRequested(section);
  return null;
}

/** Wraps one routed page: its own error fallback and a lazy-load placeholder. */
export function SectionBoundary({ section, children }: { section: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ErrorFallback} onReset={clearThrowRequest} resetKeys={[pathname]}>
      <Suspense fallback={<LoadingScreen label={t("app.loadingPage")} />}>
        <TestThrow section={section} />
        {children}
      </Suspense>
    </ErrorBoundary>
  );
}
