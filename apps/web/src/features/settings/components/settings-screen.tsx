import { SETTINGS_DEFAULTS, type Settings, THEMES } from "@kantien/domain/auth";
import { LANGUAGES } from "@kantien/domain/messages";
import {
  normalizeRefreshInterval,
  REFRESH_INTERVAL_MAX,
  REFRESH_INTERVAL_MIN,
} from "@kantien/domain/settings";
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
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import { useTheme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import { useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/page-title";
import { errorMessage } from "../../../lib/api-client";
import { useFocusBackAfter } from "../../../lib/focus";
import { useSession } from "../../../lib/session";
import { useSaveSettings, useUserSettings } from "../../../lib/user-settings";

/** Spec §9: the toast stays 6 seconds. */
const TOAST_MS = 6000;

type FormValues = { theme: Settings["theme"]; language: Settings["language"]; refresh_interval: string };

type Toast = { kind: "saved" } | { kind: "reset" } | { kind: "failed"; message: string };

function toFormValues(settings: Settings): FormValues {
  return { ...settings, refresh_interval: String(settings.refresh_interval) };
}

/** Spec §2 Settings (/settings), 'Persoonlike Instellings': the signed-in user's own settings. */
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
            <Alert severity="warning">
              {t("screens.settings.loadFailed", { message: errorMessage(settings.error, t("errors.load")) })}
            </Alert>
          ) : null}
          <SettingsForm initial={settings.data ?? { ...SETTINGS_DEFAULTS }} />
        </>
      )}
    </Stack>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const { t } = useTranslation();
  const themeLabelId = useId();
  const languageLabelId = useId();
  const mode = useTheme().palette.mode;
  const save = useSaveSettings();
  const saveButton = useRef<HTMLButtonElement>(null);
  useFocusBackAfter(save.isPending, saveButton);
  const [toast, setToast] = useState<Toast | null>(null);
  // Kept apart from the toast so its text stays while it fades out.
  const [toastOpen, setToastOpen] = useState(false);
  const form = useForm<FormValues>({ defaultValues: toFormValues(initial) });
  const { control, handleSubmit, register, reset, watch } = form;

  const show = (next: Toast) => {
    setToast(next);
    setToastOpen(true);
  };
  const submit = (settings: Settings, done: Toast) => {
    setToastOpen(false);
    save.mutate(settings, {
      onSuccess: () => {
        reset(toFormValues(settings));
        show(done);
      },
      onError: (error) => show({ kind: "failed", message: errorMessage(error, t("errors.update")) }),
    });
  };

  const onSave = (values: FormValues) =>
    submit(
      {
        theme: values.theme,
        language: values.language,
        refresh_interval: normalizeRefreshInterval(values.refresh_interval),
      },
      { kind: "saved" },
    );
  // Terugset: spec §9's defaults, saved at once (decision 0012).
  const onReset = () => submit({ ...SETTINGS_DEFAULTS }, { kind: "reset" });

  const toastText =
    toast?.kind === "saved"
      ? t("screens.settings.saved")
      : toast?.kind === "reset"
        ? t("screens.settings.resetDone")
        : toast?.kind === "failed"
          ? t("screens.settings.saveFailed", { message: toast.message })
          : "";

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
      <Snackbar
        open={toastOpen}
        autoHideDuration={TOAST_MS}
        onClose={(_event, reason) => {
          if (reason !== "clickaway") setToastOpen(false);
        }}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      >
        <Alert
          severity={toast?.kind === "failed" ? "error" : "success"}
          variant="filled"
          closeText={t("common.close")}
          onClose={() => setToastOpen(false)}
        >
          {toastText}
        </Alert>
      </Snackbar>
    </Paper>
  );
}
