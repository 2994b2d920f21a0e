import { zodResolver } from "@hookform/resolvers/zod";
import type { WeeklyMenu } from "@kantien/domain/admin-data";
import type { IsoDate } from "@kantien/domain/dates";
import {
  type MenuDates,
  menuDates,
  proposeNextMenuWeek,
  suggestNextWeek,
  weeklyMenuDatesForm,
} from "@kantien/domain/weekly-menu";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { fieldErrorText } from "../../../lib/validation";
import { useCreateWeeklyMenu } from "../api/create-weekly-menu";

type Props = {
  open: boolean;
  today: IsoDate;
  menus: WeeklyMenu[];
  onClose: () => void;
  onCreated: (menu: WeeklyMenu) => void;
};

/** The create-weekly-menu dialog; the seven date rules (domain's weekly-menu.ts) before the server checks them again. */
export function CreateMenuDialog({ open, today, menus, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const titleId = useId();
  const create = useCreateWeeklyMenu();
  const proposed = proposeNextMenuWeek(menus, today);
  const form = useForm<MenuDates>({
    resolver: zodResolver(weeklyMenuDatesForm(today, menus.map(menuDates))),
    defaultValues: proposed,
  });
  const { control, handleSubmit, setValue, reset: resetForm } = form;

  const reset = () => {
    resetForm(proposeNextMenuWeek(menus, today));
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(({ dateFrom, dateTo }) =>
    create.mutate(
      { date_from: dateFrom, date_to: dateTo },
      {
        onSuccess: (menu) => {
          onCreated(menu);
          reset();
          onClose();
        },
      },
    ),
  );

  const suggestion = () => {
    const next = suggestNextWeek(today);
    setValue("dateFrom", next.dateFrom);
    setValue("dateTo", next.dateTo);
    form.clearErrors();
  };

  const dateField = (name: keyof MenuDates, label: string, autoFocus = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          autoFocus={autoFocus}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          min={today}
          error={fieldState.error !== undefined}
          helperText={fieldErrorText(fieldState.error)}
        />
      )}
    />
  );

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("screens.menu.create.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError ? (
              <Alert severity="error">{errorMessage(create.error, t("errors.add"))}</Alert>
            ) : null}
            <Typography variant="body2">
              {t("screens.menu.create.proposed", { date: formatDate(proposed.dateFrom, language) })}
            </Typography>
            <Button variant="outlined" onClick={suggestion} sx={{ alignSelf: "flex-start" }}>
              {t("screens.menu.create.suggest")}
            </Button>
            {dateField("dateFrom", t("screens.menu.create.dateFrom"), true)}
            {dateField("dateTo", t("screens.menu.create.dateTo"))}
            <Alert severity="info" role="note">
              {t("screens.menu.create.note")}
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t("screens.menu.create.cancel")}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            startIcon={
              create.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null
            }
          >
            {create.isPending ? t("screens.menu.create.submitting") : t("screens.menu.create.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
