import { zodResolver } from "@hookform/resolvers/zod";
import { type Settings, THEMES } from "@kantien/domain/auth";
import { LANGUAGES } from "@kantien/domain/language";
import { settingsInput } from "@kantien/domain/settings";
import {
  REFRESH_INTERVAL_MAX,
  REFRESH_INTERVAL_MIN,
  SETTINGS_DEFAULTS,
} from "@kantien/domain/settings-rules";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Paper from "@mui/material/Paper";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import { useTheme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import { useId, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useNotice } from "../../../components/notice";
import { PageTitle } from "../../../components/page-title";
import { errorMessage } from "../../../lib/api-client";
import { useFocusBackAfter } from "../../../lib/focus";
import { useSession } from "../../../lib/session";
import { useSaveSettings, useUserSettings } from "../../../lib/user-settings";
import { LastBackupSection } from "./last-backup-section";

/** The form holds the interval as typed; the schema normalises it. */
type FormValues = z.input<typeof settingsInput>;

function toFormValues(settings: Settings): FormValues {
  return { ...settings, refresh_interval: String(settings.refresh_interval) };
}

/**
 * Settings (/settings), 'Persoonlike instellings': the signed-in admin's own settings, and when
 * the canteen's last backup was made. The canteen's rules and bank account have
 * their own page (/canteen).
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useUserSettings(user !== null);

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageTitle>{t("screens.settings.title")}</PageTitle>
      {settings.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={t("screens.settings.loading")} />
        </Box>
      ) : (
        <>
          {settings.isError ? (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                  {t("errorFallback.retry")}
                </Button>
              }
            >
              {t("screens.settings.loadFailed", { message: errorMessage(settings.error, t("errors.load")) })}
            </Alert>
          ) : null}
          <SettingsForm initial={settings.data ?? { ...SETTINGS_DEFAULTS }} />
        </>
      )}
      <LastBackupSection />
    </Stack>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { t, i18n } = useTranslation();
  const themeLabelId = useId();
  const languageLabelId = useId();
  const mode = useTheme().palette.mode;
  const save = useSaveSettings();
  const saveButton = useRef<HTMLButtonElement>(null);
  useFocusBackAfter(save.isPending, saveButton);
  const notify = useNotice();
  // The server's own schema: theme and language exactly, the interval normalised (not a number is 30).
  const form = useForm<FormValues, unknown, Settings>({
    resolver: zodResolver(settingsInput),
    defaultValues: toFormValues(initial),
  });
  const { control, handleSubmit, register, reset, watch } = form;

  const submit = (settings: Settings, done: "screens.settings.saved" | "screens.settings.resetDone") => {
    save.mutate(settings, {
      onSuccess: () => {
        reset(toFormValues(settings));
        // Read when shown: a new language says it in that language.
        notify({ severity: "success", text: () => i18n.t(done) });
      },
      onError: (error) => {
        const message = errorMessage(error, t("errors.update"));
        notify({ severity: "error", text: () => i18n.t("screens.settings.saveFailed", { message }) });
      },
    });
  };

  const onSave = (settings: Settings) => submit(settings, "screens.settings.saved");
  // Stel terug: the defaults (light, af, 30 s), saved at once (decision 0012).
  const onReset = () => submit({ ...SETTINGS_DEFAULTS }, "screens.settings.resetDone");

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <form noValidate onSubmit={handleSubmit(onSave)}>
        <Stack spacing={3}>
          <FormControl>
            <FormLabel id={themeLabelId}>{t("screens.settings.theme")}</FormLabel>
            <Controller
              control={control}
              name="theme"
              render={({ field }) => (
                <RadioGroup row aria-labelledby={themeLabelId} {...field}>
                  {THEMES.map((theme) => (
                    <FormControlLabel
                      key={theme}
                      value={theme}
                      control={<Radio />}
                      label={t(`screens.settings.themes.${theme}`)}
                    />
                  ))}
                </RadioGroup>
              )}
            />
            {watch("theme") === "auto" ? (
              <Box component="p" sx={{ m: 0, color: "text.secondary", typography: "body2" }}>
                {t("screens.settings.autoHint", { mode: t(`screens.settings.themes.${mode}`) })}
              </Box>
            ) : null}
          </FormControl>
          <FormControl>
            <FormLabel id={languageLabelId}>{t("screens.settings.language")}</FormLabel>
            <Controller
              control={control}
              name="language"
              render={({ field }) => (
                <RadioGroup row aria-labelledby={languageLabelId} {...field}>
                  {LANGUAGES.map((language) => (
                    <FormControlLabel
                      key={language}
                      value={language}
                      lang={language}
                      control={<Radio />}
                      label={t(`screens.settings.languages.${language}`)}
                    />
                  ))}
                </RadioGroup>
              )}
            />
          </FormControl>
          <TextField
            label={t("screens.settings.refreshInterval")}
            type="number"
            helperText={t("screens.settings.refreshIntervalHint", {
              min: REFRESH_INTERVAL_MIN,
              max: REFRESH_INTERVAL_MAX,
            })}
            slotProps={{ htmlInput: { min: REFRESH_INTERVAL_MIN, max: REFRESH_INTERVAL_MAX, step: 1 } }}
            sx={{ maxWidth: 480 }}
            {...register("refresh_interval")}
          />
          <Stack direction="row" spacing={2} sx={{ justifyContent: "flex-end" }}>
            <Button variant="outlined" color="inherit" onClick={onReset} disabled={save.isPending}>
              {t("screens.settings.reset")}
            </Button>
            <Button
              ref={saveButton}
              type="submit"
              variant="contained"
              disabled={save.isPending}
              startIcon={
                save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null
              }
            >
              {t("screens.settings.save")}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
