import type { WeeklyMenu } from "@kantien/domain/admin-data";
import type { IsoDate } from "@kantien/domain/dates";
import { message } from "@kantien/domain/messages";
import {
  menuDates,
  proposeNextMenuWeek,
  suggestNextWeek,
  validateWeeklyMenuDates,
} from "@kantien/domain/weekly-menu";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { useCreateWeeklyMenu } from "../api/create-weekly-menu";

type Props = {
  open: boolean;
  today: IsoDate;
  menus: WeeklyMenu[];
  onClose: () => void;
  onCreated: (menu: WeeklyMenu) => void;
};

/** Spec §2 create-weekly-menu dialog; the seven rules of §5 before the server checks them again. */
export function CreateMenuDialog({ open, today, menus, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const titleId = useId();
  const create = useCreateWeeklyMenu();
  const proposed = proposeNextMenuWeek(menus, today);
  const [dateFrom, setDateFrom] = useState<string>(proposed.dateFrom);
  const [dateTo, setDateTo] = useState<string>(proposed.dateTo);
  const [ruleError, setRuleError] = useState<string | null>(null);

  const reset = () => {
    const next = proposeNextMenuWeek(menus, today);
    setDateFrom(next.dateFrom);
    setDateTo(next.dateTo);
    setRuleError(null);
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const code = validateWeeklyMenuDates({ dateFrom, dateTo }, today, menus.map(menuDates));
    if (code) {
      setRuleError(message(code, language));
      return;
    }
    setRuleError(null);
    create.mutate(
      { date_from: dateFrom, date_to: dateTo },
      {
        onSuccess: (menu) => {
          onCreated(menu);
          reset();
          onClose();
        },
      },
    );
  };

  const suggestion = () => {
    const next = suggestNextWeek(today);
    setDateFrom(next.dateFrom);
    setDateTo(next.dateTo);
    setRuleError(null);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t("screens.menu.create.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {ruleError ? <Alert severity="error">{ruleError}</Alert> : null}
            {create.isError ? (
              <Alert severity="error">{errorMessage(create.error, t("errors.add"))}</Alert>
            ) : null}
            <Typography variant="body2">
              {t("screens.menu.create.proposed", { date: formatDate(proposed.dateFrom, language) })}
            </Typography>
            <Button variant="outlined" onClick={suggestion} sx={{ alignSelf: "flex-start" }}>
              {t("screens.menu.create.suggest")}
            </Button>
            <TextField
              autoFocus
              label={t("screens.menu.create.dateFrom")}
              type="date"
              value={dateFrom}
              onChange={(e) => setDateFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
            <TextField
              label={t("screens.menu.create.dateTo")}
              type="date"
              value={dateTo}
              onChange={(e) => setDateTo(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
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
