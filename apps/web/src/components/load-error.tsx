import RefreshIcon from "@mui/icons-material/Refresh";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../lib/api-client";

type LoadErrorProps = {
  error: unknown;
  /** Loads again: the query's `refetch`. */
  onRetry: () => void;
  title?: string;
  /** A 'Sluit' button too (the dashboard's alert). */
  onClose?: () => void;
};

/**
 * The one way a screen says its data did not load: the server's reason (else
 * 'Kon nie die data laai nie') and 'Probeer weer'.
 */
export function LoadError({ error, onRetry, title, onClose }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <>
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
            {t("errorFallback.retry")}
          </Button>
          {onClose ? (
            <Button color="inherit" size="small" onClick={onClose}>
              {t("common.close")}
            </Button>
          ) : null}
        </>
      }
    >
      {/* A title as AlertTitle draws one, without its module in every first load that may fail. */}
      {title ? (
        <Typography component="div" sx={{ fontWeight: 500, mb: 0.5, mt: -0.25 }}>
          {title}
        </Typography>
      ) : null}
      {errorMessage(error, t("errors.load"))}
    </Alert>
  );
}
