import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CanteenRules,
  type CanteenRulesRecord,
  CUTOFF_DAYS_BEFORE_MAX,
  canteenRulesInput,
  KITCHEN_AGEING_MAX_MINUTES,
  ORDER_QUANTITY_MAX,
  WEEKS_AHEAD_MAX,
} from "@kantien/domain/canteen";
import type { Language } from "@kantien/domain/language";
import { formatAmount, formatRand } from "@kantien/domain/money";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useNotice } from "../../../components/notice";
import { StaleDialog, type StaleField, useStaleSave } from "../../../components/stale-dialog";
import { SubmitButton } from "../../../components/submit-button";
import { errorMessage } from "../../../lib/api-client";
import { canteenRulesQueryOptions, useCanteenRules } from "../../../lib/canteen-rules";
import { currentLanguage } from "../../../lib/i18n";
import { fieldErrorText, serverFieldErrors } from "../../../lib/validation";
import { useSaveCanteenRules } from "../api/save-canteen-rules";
import { CanteenSection } from "./canteen-section";

/** The form holds the threshold as typed ("50,00"); the domain's schema makes it "50.00". */
type FormValues = z.input<typeof canteenRulesInput>;
type FieldName = keyof FormValues;

const FIELDS: readonly FieldName[] = [
  "cutoffTime",
  "cutoffDaysBefore",
  "weeksAhead",
  "maxQuantity",
  "lowBalanceThreshold",
  "offlineSaleLimit",
  "kitchenServiceStart",
  "kitchenWarnMinutes",
  "kitchenLateMinutes",
];
const DAYS_BEFORE = Array.from({ length: CUTOFF_DAYS_BEFORE_MAX + 1 }, (_, days) => days);

/** What the stale dialog compares (decision 0057): every rule, as the form names and shows it. */
function rulesStaleFields(t: TFunction): StaleField<CanteenRulesRecord>[] {
  const number = (label: string, value: (rules: CanteenRulesRecord) => number) => ({
    label,
    value,
    show: (rules: CanteenRulesRecord) => String(value(rules)),
  });
  return [
    {
      label: t("screens.canteen.rules.cutoffTime"),
      value: (rules) => rules.cutoffTime,
      show: (rules) => rules.cutoffTime,
    },
    {
      label: t("screens.canteen.rules.cutoffDay"),
      value: (rules) => rules.cutoffDaysBefore,
      show: ({ cutoffDaysBefore: count }) =>
        count === 0 ? t("screens.canteen.rules.sameDay") : t("screens.canteen.rules.daysBefore", { count }),
    },
    number(t("screens.canteen.rules.weeksAhead"), (rules) => rules.weeksAhead),
    number(t("screens.canteen.rules.maxQuantity"), (rules) => rules.maxQuantity),
    {
      label: t("screens.canteen.rules.lowBalanceThreshold"),
      value: (rules) => rules.lowBalanceThreshold,
      show: (rules) => formatRand(rules.lowBalanceThreshold),
    },
    {
      label: t("screens.canteen.rules.offlineSaleLimit"),
      value: (rules) => rules.offlineSaleLimit,
      show: (rules) => formatRand(rules.offlineSaleLimit),
    },
    {
      label: t("screens.canteen.rules.kitchenServiceStart"),
      value: (rules) => rules.kitchenServiceStart,
      show: (rules) => rules.kitchenServiceStart,
    },
    number(t("screens.canteen.rules.kitchenWarnMinutes"), (rules) => rules.kitchenWarnMinutes),
    number(t("screens.canteen.rules.kitchenLateMinutes"), (rules) => rules.kitchenLateMinutes),
  ];
}

function toFormValues(rules: CanteenRules, language: Language): FormValues {
  return {
    cutoffTime: rules.cutoffTime,
    cutoffDaysBefore: rules.cutoffDaysBefore,
    weeksAhead: rules.weeksAhead,
    maxQuantity: rules.maxQuantity,
    lowBalanceThreshold: formatAmount(rules.lowBalanceThreshold, language),
    offlineSaleLimit: formatAmount(rules.offlineSaleLimit, language),
    kitchenServiceStart: rules.kitchenServiceStart,
    kitchenWarnMinutes: rules.kitchenWarnMinutes,
    kitchenLateMinutes: rules.kitchenLateMinutes,
  };
}

/**
 * 'Bestelreëls' on /canteen (decision 0021): the canteen's ordering rules, for admins only.
 * The form checks with the server's own schema; the server decides.
 */
export function CanteenRulesSection() {
  const rules = useCanteenRules();
  return (
    <CanteenSection part="rules" query={rules}>
      {(data) => <CanteenRulesForm initial={data} />}
    </CanteenSection>
  );
}

function CanteenRulesForm({ initial }: { initial: CanteenRulesRecord }) {
  const { t, i18n } = useTranslation();
  const save = useSaveCanteenRules();
  const notify = useNotice();
  const queryClient = useQueryClient();
  // The rules the form shows and saves from: their version goes with the save (decision 0057).
  const [loaded, setLoaded] = useState(initial);
  const { stale, catchStale, close } = useStaleSave<CanteenRulesRecord>();
  const form = useForm<FormValues, unknown, CanteenRules>({
    resolver: zodResolver(canteenRulesInput),
    defaultValues: toFormValues(initial, currentLanguage()),
  });
  const { control, formState, handleSubmit, register, reset, setError } = form;
  const { isDirty } = formState;

  // Newer rules (the bank details saved, a refetch) replace an untouched form; never an edit.
  useEffect(() => {
    if (initial.version === loaded.version || isDirty) return;
    setLoaded(initial);
    reset(toFormValues(initial, currentLanguage()));
  }, [initial, loaded.version, isDirty, reset]);
  const text = (name: FieldName) => fieldErrorText(formState.errors[name] as FieldError | undefined);
  // A field shows its error in place of its hint; aria-describedby reads whichever is there.
  const helper = (name: FieldName, hint: string) => text(name) ?? hint;

  const persist = (rules: CanteenRules, from: CanteenRulesRecord) => {
    save.mutate(
      { rules, version: from.version },
      {
        onSuccess: (answer) => {
          setLoaded(answer.data);
          reset(toFormValues(answer.data, currentLanguage()));
          notify({ severity: "success", text: answer.message });
        },
        onError: (error) => {
          if (catchStale(error, from)) return;
          // What was typed stays; a refused field says why where it is.
          const message = errorMessage(error, t("errors.update"));
          notify({ severity: "error", text: () => i18n.t("screens.canteen.rules.saveFailed", { message }) });
          serverFieldErrors(error, FIELDS).forEach(({ field, message: fieldMessage }, index) => {
            setError(field, { type: "server", message: fieldMessage }, { shouldFocus: index === 0 });
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit((rules) => persist(rules, loaded))}>
      <Stack spacing={3}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 3, sm: 2 }}>
          {/* Text, not type="time": the browser's time field shows "09:00 AM" or "09:00" by the
              device's locale, while the canteen's times are 24-hour HH:MM (the domain's rule). */}
          <TextField
            label={t("screens.canteen.rules.cutoffTime")}
            fullWidth
            autoComplete="off"
            error={Boolean(text("cutoffTime"))}
            helperText={helper("cutoffTime", t("screens.canteen.rules.cutoffTimeHint"))}
            slotProps={{ htmlInput: { maxLength: 5, spellCheck: false } }}
            {...register("cutoffTime")}
          />
          <Controller
            control={control}
            name="cutoffDaysBefore"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label={t("screens.canteen.rules.cutoffDay")}
                value={field.value}
                onChange={(event) => field.onChange(Number(event.target.value))}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={Boolean(text("cutoffDaysBefore"))}
                helperText={helper("cutoffDaysBefore", t("screens.canteen.rules.cutoffDayHint"))}
              >
                {DAYS_BEFORE.map((days) => (
                  <MenuItem key={days} value={days}>
                    {days === 0
                      ? t("screens.canteen.rules.sameDay")
                      : t("screens.canteen.rules.daysBefore", { count: days })}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 3, sm: 2 }}>
          <TextField
            label={t("screens.canteen.rules.weeksAhead")}
            type="number"
            fullWidth
            error={Boolean(text("weeksAhead"))}
            helperText={helper(
              "weeksAhead",
              t("screens.canteen.rules.weeksAheadHint", { max: WEEKS_AHEAD_MAX }),
            )}
            slotProps={{ htmlInput: { min: 1, max: WEEKS_AHEAD_MAX, step: 1 } }}
            {...register("weeksAhead", { valueAsNumber: true })}
          />
          <TextField
            label={t("screens.canteen.rules.maxQuantity")}
            type="number"
            fullWidth
            error={Boolean(text("maxQuantity"))}
            helperText={helper(
              "maxQuantity",
              t("screens.canteen.rules.maxQuantityHint", { max: ORDER_QUANTITY_MAX }),
            )}
            slotProps={{ htmlInput: { min: 1, max: ORDER_QUANTITY_MAX, step: 1 } }}
            {...register("maxQuantity", { valueAsNumber: true })}
          />
        </Stack>
        {/* Money: the customers' warning, and what the counter may sell offline (decision 0073). */}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 3, sm: 2 }}>
          <TextField
            label={t("screens.canteen.rules.lowBalanceThreshold")}
            error={Boolean(text("lowBalanceThreshold"))}
            helperText={helper("lowBalanceThreshold", t("screens.canteen.rules.lowBalanceThresholdHint"))}
            slotProps={{
              htmlInput: { inputMode: "decimal" },
              input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
            }}
            fullWidth
            {...register("lowBalanceThreshold")}
          />
          <TextField
            label={t("screens.canteen.rules.offlineSaleLimit")}
            error={Boolean(text("offlineSaleLimit"))}
            helperText={helper("offlineSaleLimit", t("screens.canteen.rules.offlineSaleLimitHint"))}
            slotProps={{
              htmlInput: { inputMode: "decimal" },
              input: { startAdornment: <InputAdornment position="start">R</InputAdornment> },
            }}
            fullWidth
            {...register("offlineSaleLimit")}
          />
        </Stack>
        {/* Not a customer's rule: how the kitchen board colours a waiting order (decision 0025). */}
        <Typography variant="subtitle1" component="h3">
          {t("screens.canteen.rules.kitchenAgeing")}
        </Typography>
        {/* Text, as the cut-off time: the canteen's times are 24-hour HH:MM on every device. */}
        <TextField
          label={t("screens.canteen.rules.kitchenServiceStart")}
          autoComplete="off"
          error={Boolean(text("kitchenServiceStart"))}
          helperText={helper("kitchenServiceStart", t("screens.canteen.rules.kitchenServiceStartHint"))}
          slotProps={{ htmlInput: { maxLength: 5, spellCheck: false } }}
          sx={{ maxWidth: { sm: "calc(50% - 8px)" } }}
          {...register("kitchenServiceStart")}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 3, sm: 2 }}>
          <TextField
            label={t("screens.canteen.rules.kitchenWarnMinutes")}
            type="number"
            fullWidth
            error={Boolean(text("kitchenWarnMinutes"))}
            helperText={helper(
              "kitchenWarnMinutes",
              t("screens.canteen.rules.kitchenWarnMinutesHint", { max: KITCHEN_AGEING_MAX_MINUTES }),
            )}
            slotProps={{ htmlInput: { min: 1, max: KITCHEN_AGEING_MAX_MINUTES, step: 1 } }}
            // Red must stay after amber: a change here checks the red field again.
            {...register("kitchenWarnMinutes", { valueAsNumber: true, deps: "kitchenLateMinutes" })}
          />
          <TextField
            label={t("screens.canteen.rules.kitchenLateMinutes")}
            type="number"
            fullWidth
            error={Boolean(text("kitchenLateMinutes"))}
            helperText={helper(
              "kitchenLateMinutes",
              t("screens.canteen.rules.kitchenLateMinutesHint", { max: KITCHEN_AGEING_MAX_MINUTES }),
            )}
            slotProps={{ htmlInput: { min: 2, max: KITCHEN_AGEING_MAX_MINUTES, step: 1 } }}
            {...register("kitchenLateMinutes", { valueAsNumber: true })}
          />
        </Stack>
        <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
          <SubmitButton
            submitting={save.isPending}
            label={t("screens.canteen.rules.save")}
            submittingLabel={t("screens.canteen.rules.saving")}
            size="medium"
          />
        </Stack>
      </Stack>
      <StaleDialog
        stale={stale}
        fields={rulesStaleFields(t)}
        onReload={(current) => {
          close();
          queryClient.setQueryData(canteenRulesQueryOptions.queryKey, current);
          setLoaded(current);
          reset(toFormValues(current, currentLanguage()));
        }}
        onReapply={(current) => {
          close();
          setLoaded(current);
          void handleSubmit((rules) => persist(rules, current))();
        }}
      />
    </form>
  );
}
