import RefreshIcon from "@mui/icons-material/Refresh";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { FallbackProps } from "react-error-boundary";
import { useTranslation } from "react-i18next";

/** The error fallback ('Oeps! Iets het verkeerd gegaan'): shown by a section that failed while rendering. */
export function ErrorFallback({ resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ display: "flex", justifyContent: "center", p: 4 }}>
      <Paper sx={{ p: 4, maxWidth: 520, textAlign: "center" }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {t("errorFallback.title")}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t("errorFallback.body")}</Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: "center" }}>
          <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => resetErrorBoundary()}>
            {t("errorFallback.retry")}
          </Button>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t("errorFallback.reload")}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
