import RefreshIcon from "@mui/icons-material/Refresh";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
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
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      {errorMessage(error, t("errors.load"))}
    </Alert>
  );
}
