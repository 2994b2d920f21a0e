import { type IsoDate, isIsoDate } from "@kantien/domain/dates";
import type { Language } from "@kantien/domain/language";
import { AdapterDateFns } from "@mui/x-date-pickers/AdapterDateFns";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import type { PickersLocaleText } from "@mui/x-date-pickers/locales";
import { format, isValid, parseISO } from "date-fns";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { DATE_LOCALES } from "../lib/format";
import { currentLanguage } from "../lib/i18n";

/** The canteen's way of writing a date, as the app shows it elsewhere: "04 Julie 2031" (the field pads the day). */
export const DATE_FIELD_FORMAT = "dd MMMM yyyy";

type DateFieldProps = {
  label: string;
  /** A calendar date, or "" while none is chosen. */
  value: IsoDate | "";
  /** A complete, real date; "" while the typed date is incomplete or cleared. */
  onChange: (value: IsoDate | "") => void;
  onBlur?: () => void;
  min?: IsoDate;
  max?: IsoDate;
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  size?: "small" | "medium";
};

function toDate(value: IsoDate | "" | undefined): Date | null {
  return value && isIsoDate(value) ? parseISO(value) : null;
}

/**
 * The one date input of the app, not the browser's native one: MUI X's picker with date-fns in the user's
 * language, typed or chosen from a calendar, written as the rest of the app writes dates.
 */
export function DateField({ label, value, onChange, min, max, error, helperText, ...rest }: DateFieldProps) {
  const { t } = useTranslation();
  const language: Language = currentLanguage();
  const localeText: Partial<PickersLocaleText> = {
    cancelButtonLabel: t("common.cancel"),
    okButtonLabel: t("dateField.ok"),
    clearButtonLabel: t("dateField.clear"),
    todayButtonLabel: t("dateField.today"),
    datePickerToolbarTitle: t("dateField.choose"),
    previousMonth: t("dateField.previousMonth"),
    nextMonth: t("dateField.nextMonth"),
    openPreviousView: t("dateField.previousMonth"),
    openNextView: t("dateField.nextMonth"),
    openDatePickerDialogue: (formatted) =>
      formatted ? t("dateField.openWith", { date: formatted }) : t("dateField.open"),
    fieldDayPlaceholder: () => t("dateField.dayPlaceholder"),
    fieldMonthPlaceholder: () => t("dateField.monthPlaceholder"),
    fieldYearPlaceholder: (params) => t("dateField.yearLetter").repeat(params.digitAmount),
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={DATE_LOCALES[language]}
      localeText={localeText}
    >
      <DatePicker
        label={label}
        format={DATE_FIELD_FORMAT}
        value={toDate(value)}
        onChange={(next) => onChange(next && isValid(next) ? format(next, "yyyy-MM-dd") : "")}
        minDate={toDate(min) ?? undefined}
        maxDate={toDate(max) ?? undefined}
        disabled={rest.disabled}
        autoFocus={rest.autoFocus}
        inputRef={rest.inputRef}
        name={rest.name}
        slotProps={{
          textField: {
            size: rest.size,
            required: rest.required,
            error,
            helperText,
            onBlur: rest.onBlur,
          },
        }}
      />
    </LocalizationProvider>
  );
}
