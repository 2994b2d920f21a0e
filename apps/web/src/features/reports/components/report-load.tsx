import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";

/** A report's answer as it loads: a spinner, then the error with 'Probeer weer', then the report. */
export function ReportLoad<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label={t("screens.reports.loading")} />
      </Box>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
