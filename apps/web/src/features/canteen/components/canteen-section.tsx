import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";

/**
 * One part of /canteen: its heading and intro (`screens.canteen.<part>`), and its form once
 * what it edits has loaded, a spinner while it loads, the error with "Probeer weer" if it fails.
 */
export function CanteenSection<T>({
  part,
  query,
  children,
}: {
  part: "rules" | "bank" | "payments" | "counter";
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t(`screens.canteen.${part}.title`)}
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 3 }}>
        {t(`screens.canteen.${part}.intro`)}
      </Typography>
      {query.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
          <CircularProgress aria-label={t(`screens.canteen.${part}.loading`)} />
        </Box>
      ) : query.isError ? (
        <LoadError
          error={query.error}
          title={t(`screens.canteen.${part}.loadFailed`)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        children(query.data)
      )}
    </Paper>
  );
}
