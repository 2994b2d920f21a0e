import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useLastBackup } from "../api/last-backup";

/** The admin's view of the canteen's backups: when the last one completed (`npm run backup`, README). */
export function LastBackupSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const timeZone = useCanteenTimeZone();
  const lastBackup = useLastBackup();

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {t("screens.settings.backup.heading")}
      </Typography>
      {lastBackup.isError ? (
        <LoadError
          error={lastBackup.error}
          title={t("screens.settings.backup.loadFailed")}
          onRetry={() => void lastBackup.refetch()}
        />
      ) : (
        <Typography>
          {lastBackup.isPending
            ? t("screens.settings.backup.loading")
            : lastBackup.data === null
              ? t("screens.settings.backup.none")
              : t("screens.settings.backup.last", {
                  when: formatDateTime(lastBackup.data, timeZone, currentLanguage()),
                })}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
        {t("screens.settings.backup.hint")}
      </Typography>
    </Paper>
  );
}
