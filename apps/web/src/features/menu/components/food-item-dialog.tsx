import { zodResolver } from "@hookform/resolvers/zod";
import type { FoodItem, FoodItemDeclarationInput, FoodItemFormValues } from "@kantien/domain/admin-data";
import {
  type FoodItemInput,
  foodItemForm,
  type TouchedOrdersDetails,
  touchedOrdersDetails,
} from "@kantien/domain/admin-data";
import type { AllergenDeclaration, DietTag } from "@kantien/domain/allergens";
import { todayIn, WEEKDAYS, type Weekday } from "@kantien/domain/dates";
import { moneyFieldValue } from "@kantien/domain/money";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AllergenMatrix, DietTags } from "../../../components/allergen-matrix";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ImagePicker } from "../../../components/image-picker";
import { MoneyField } from "../../../components/money-field";
import { useNotice } from "../../../components/notice";
import { StaleDialog, type StaleField, useStaleSave } from "../../../components/stale-dialog";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { focusOnMount } from "../../../lib/focus";
import { formatShortDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { fieldErrorText, formWideMessage } from "../../../lib/validation";
import { foodItemsQueryOptions } from "../api/get-food-items";
import { type FoodItemBody, useSaveFoodItem } from "../api/save-food-item";

export type FoodItemDialogMode =
  | { kind: "add"; day?: Weekday }
  | { kind: "edit"; item: FoodItem }
  | { kind: "replace"; item: FoodItem };

type Props = {
  menuId: string;
  mode: FoodItemDialogMode;
  items: FoodItem[];
  onClose: () => void;
};

function defaults(mode: FoodItemDialogMode): FoodItemFormValues {
  if (mode.kind === "edit") {
    const { item } = mode;
    return {
      name: item.name,
      description: item.description,
      // Shown as the app writes money everywhere: "52,00".
      price: moneyFieldValue(item.price),
      image_url: item.image_url ?? "",
      day_of_week: item.day_of_week,
      preparation_time: item.preparation_time == null ? "" : String(item.preparation_time),
      portions: item.portions == null ? "" : String(item.portions),
      sold_at_counter: item.sold_at_counter ?? false,
    };
  }
  const day = mode.kind === "replace" ? mode.item.day_of_week : (mode.day ?? "");
  return {
    name: "",
    description: "",
    price: "",
    image_url: "",
    day_of_week: day,
    preparation_time: "",
    portions: "",
    sold_at_counter: false,
  };
}

/**
 * The declaration's check as the dialog holds it: `kept` (the item's check, untouched: the save
 * leaves it to the server), `confirm` (the admin ticks it: saving confirms it) or `none`.
 */
type CheckState = "kept" | "confirm" | "none";

/** What the save says of the check: nothing to keep it, else whether the admin confirms it. */
function confirmation(check: CheckState): FoodItemDeclarationInput {
  return check === "kept" ? {} : { allergensConfirmed: check === "confirm" };
}

/**
 * What the stale dialog compares (decision 0057): the item's fields as the dialog names them;
 * the allergens, diet and check by their heading only.
 */
function itemStaleFields(t: TFunction): StaleField<FoodItem>[] {
  const text = (label: string, value: (item: FoodItem) => string | number | null) => ({
    label,
    value,
    show: (item: FoodItem) => {
      const shown = value(item);
      return shown === null ? null : String(shown);
    },
  });
  return [
    text(t("screens.menu.dialog.name"), (item) => item.name),
    text(t("screens.menu.dialog.description"), (item) => item.description),
    text(t("screens.menu.dialog.price"), (item) => moneyFieldValue(item.price)),
    { label: t("screens.menu.dialog.image.label"), value: (item) => item.image_url },
    {
      ...text(t("screens.menu.dialog.day"), (item) => item.day_of_week),
      show: (item) => t(`screens.menu.days.${item.day_of_week}`),
    },
    text(t("screens.menu.dialog.prepTime"), (item) => item.preparation_time),
    text(t("screens.menu.dialog.portions"), (item) => item.portions ?? null),
    { label: t("screens.menu.dialog.soldAtCounter"), value: (item) => item.sold_at_counter ?? false },
    { label: t("screens.menu.dialog.allergens.title"), value: (item) => item.allergens },
    { label: t("screens.menu.dialog.allergens.diet"), value: (item) => item.diet },
    { label: t("screens.menu.dialog.allergens.confirm"), value: (item) => item.allergensChecked },
  ];
}

/** A save the server held back: the open orders its change of the allergens touches (decision 0041). */
type TouchedSave = TouchedOrdersDetails & { body: FoodItemBody; from: FoodItem };

/** The counts of a 409 food_item_orders_touched, or null for any other failure. */
function touchedOrdersOf(error: unknown): TouchedOrdersDetails | null {
  if (!(error instanceof ApiError) || error.code !== "food_item_orders_touched") return null;
  const details = touchedOrdersDetails.safeParse(error.details);
  return details.success ? details.data : null;
}

/** The required-fields message: said once above the form, each empty field marked. */
const FIELDS_MISSING = "food_item_fields_missing";

/** Add, edit or replace a day's food item (one per day of a week); the same rules as the server. */
export function FoodItemDialog({ menuId, mode, items, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveFoodItem(menuId);
  const form = useForm<FoodItemFormValues, unknown, FoodItemInput>({
    resolver: zodResolver(foodItemForm(menuId, mode.kind === "edit" ? null : undefined)),
    defaultValues: defaults(mode),
  });
  const { register, handleSubmit, control, formState } = form;
  const errors = formState.errors;
  const [uploading, setUploading] = useState(false);
  const notify = useNotice();
  const [pending, setPending] = useState<FoodItemBody | null>(null);
  const [touched, setTouched] = useState<TouchedSave | null>(null);
  const queryClient = useQueryClient();
  // The item edited or replaced as the dialog loaded it: its version goes with the save (decision 0057).
  const [loaded, setLoaded] = useState<FoodItem | null>(mode.kind === "add" ? null : mode.item);
  const { stale, catchStale, close } = useStaleSave<FoodItem>();
  const edited = mode.kind === "edit" ? loaded : null;
  const [allergens, setAllergens] = useState<AllergenDeclaration>(edited?.allergens ?? []);
  const [diet, setDiet] = useState<DietTag[]>(edited?.diet ?? []);
  const [check, setCheck] = useState<CheckState>(edited?.allergensChecked ? "kept" : "none");
  // The server clears the check when the name, description or allergens change; so does the dialog.
  const [cleared, setCleared] = useState(false);
  const clearCheck = () => {
    if (check !== "none") setCleared(true);
    setCheck("none");
  };

  const takenBy = (day: Weekday) => items.find((i) => i.day_of_week === day);
  const dayDisabled = (day: Weekday) => {
    if (mode.kind === "replace") return day !== mode.item.day_of_week;
    const owner = takenBy(day);
    return owner !== undefined && (mode.kind === "add" || owner.id !== mode.item.id);
  };

  const send = (body: FoodItemBody, from: FoodItem | null) => {
    const request =
      from === null
        ? ({ kind: "create", body } as const)
        : mode.kind === "edit"
          ? ({ kind: "edit", id: from.id, body, version: from.version } as const)
          : ({ kind: "replace", body, version: from.version } as const);
    const key =
      request.kind === "edit"
        ? "screens.menu.notices.itemUpdated"
        : request.kind === "replace"
          ? "screens.menu.notices.itemReplaced"
          : "screens.menu.notices.itemAdded";
    // Saved without the check (none given, or cleared by a change), the dish is on the menu
    // unchecked: the admin is told what that means for customers with allergies.
    const unchecked = check === "none";
    save.mutate(request, {
      onSuccess: (answer) => {
        const told =
          answer.notified > 0
            ? ` ${t("screens.menu.notices.customersTold", { count: answer.notified })}`
            : "";
        const saved = `${t(key, { name: body.name })}${told}`;
        notify(
          unchecked
            ? { severity: "warning", text: `${saved} ${t("screens.menu.notices.savedUnchecked")}` }
            : { severity: "success", text: saved },
        );
        onClose();
      },
      onError: (error) => {
        // Fewer portions than are ordered: said at the field, which keeps what was typed.
        if (error instanceof ApiError && error.code === "portions_below_ordered") {
          form.setError("portions", { type: "server", message: error.message }, { shouldFocus: true });
          return;
        }
        // The change touches open orders: the admin sees how many first, and saves again to go on.
        const counts = touchedOrdersOf(error);
        if (counts && from) {
          setTouched({ ...counts, body, from });
          return;
        }
        // Saved or replaced meanwhile: the stale dialog says what, and the week shows it anew.
        if (from && catchStale(error, from)) {
          void queryClient.invalidateQueries({ queryKey: foodItemsQueryOptions(menuId).queryKey });
        }
      },
    });
  };

  const bodyOf = (fields: FoodItemInput): FoodItemBody => ({
    ...fields,
    allergens,
    diet,
    ...confirmation(check),
  });
  const onValid = (fields: FoodItemInput) => {
    if (mode.kind === "replace") setPending(bodyOf(fields));
    else send(bodyOf(fields), loaded);
  };
  const title =
    mode.kind === "add"
      ? t("screens.menu.dialog.addTitle")
      : mode.kind === "edit"
        ? t("screens.menu.dialog.editTitle")
        : t("screens.menu.dialog.replaceTitle");
  const missing = formWideMessage(errors, FIELDS_MISSING);
  const fieldError = (name: keyof FoodItemFormValues) => {
    const error = errors[name];
    return error?.message === FIELDS_MISSING ? t("validation.required") : fieldErrorText(error);
  };

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form noValidate onSubmit={handleSubmit(onValid)}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {missing ? <Alert severity="error">{missing}</Alert> : null}
              {save.isError && !stale && !touched && !errors.portions ? (
                <Alert severity="error">{errorMessage(save.error, t("errors.add"))}</Alert>
              ) : null}
              <TextField
                label={t("screens.menu.dialog.name")}
                required
                inputRef={focusOnMount}
                {...register("name", { onChange: clearCheck })}
                error={Boolean(fieldError("name"))}
                helperText={fieldError("name")}
              />
              <TextField
                label={t("screens.menu.dialog.description")}
                required
                multiline
                minRows={2}
                {...register("description", { onChange: clearCheck })}
                error={Boolean(fieldError("description"))}
                helperText={fieldError("description")}
              />
              <MoneyField
                label={t("screens.menu.dialog.price")}
                required
                {...register("price")}
                error={Boolean(fieldError("price"))}
                helperText={fieldError("price")}
              />
              <Controller
                control={control}
                name="image_url"
                render={({ field }) => (
                  <ImagePicker
                    value={field.value}
                    onChange={(url) => field.onChange(url)}
                    onUploadingChange={setUploading}
                    error={fieldError("image_url")}
                  />
                )}
              />
              <Controller
                control={control}
                name="day_of_week"
                render={({ field }) => (
                  <TextField
                    select
                    required
                    label={t("screens.menu.dialog.day")}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(fieldError("day_of_week"))}
                    helperText={fieldError("day_of_week")}
                  >
                    {WEEKDAYS.map((day) => {
                      const disabled = dayDisabled(day);
                      return (
                        <MenuItem key={day} value={day} disabled={disabled}>
                          {t(`screens.menu.days.${day}`)}
                          {disabled && takenBy(day) ? ` — ${t("screens.menu.dialog.dayTaken")}` : ""}
                        </MenuItem>
                      );
                    })}
                  </TextField>
                )}
              />
              <TextField
                label={t("screens.menu.dialog.prepTime")}
                type="number"
                slotProps={{ htmlInput: { min: 0, max: 600, step: 1 } }}
                {...register("preparation_time")}
                error={Boolean(fieldError("preparation_time"))}
                helperText={fieldError("preparation_time")}
              />
              <TextField
                label={t("screens.menu.dialog.portions")}
                type="number"
                slotProps={{ htmlInput: { min: 0, max: 10000, step: 1 } }}
                {...register("portions")}
                error={Boolean(fieldError("portions"))}
                helperText={fieldError("portions") ?? t("screens.menu.dialog.portionsHint")}
              />
              <Controller
                control={form.control}
                name="sold_at_counter"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        slotProps={{ input: { ref: field.ref } }}
                      />
                    }
                    label={t("screens.menu.dialog.soldAtCounter")}
                  />
                )}
              />
              <Divider />
              <AllergenMatrix
                value={allergens}
                onChange={(next) => {
                  setAllergens(next);
                  clearCheck();
                }}
              />
              <DietTags value={diet} onChange={setDiet} />
              <AllergenCheck
                check={check}
                cleared={cleared}
                checked={check === "kept" ? (edited?.allergensChecked ?? null) : null}
                onChange={(confirmed) => setCheck(confirmed ? "confirm" : "none")}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t("common.cancel")}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending || uploading}
              startIcon={
                save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null
              }
            >
              {save.isPending ? t("screens.menu.dialog.saving") : t("screens.menu.dialog.save")}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {mode.kind === "replace" ? (
        <ConfirmDialog
          open={pending !== null}
          title={t("screens.menu.replaceTitle")}
          message={t("screens.menu.replaceConfirm", {
            day: t(`screens.menu.days.${mode.item.day_of_week}`),
            name: mode.item.name,
          })}
          confirmLabel={t("screens.menu.replace")}
          cancelLabel={t("common.cancel")}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            if (pending) send(pending, loaded);
            setPending(null);
          }}
        />
      ) : null}
      {touched ? (
        <ConfirmDialog
          open
          title={t("screens.menu.touchedOrders.title")}
          message={[
            t("screens.menu.touchedOrders.orders", { count: touched.orders }),
            touched.alerted > 0
              ? t("screens.menu.touchedOrders.alerted", { count: touched.alerted })
              : t("screens.menu.touchedOrders.noneAlerted"),
          ].join(" ")}
          confirmLabel={
            touched.alerted > 0 ? t("screens.menu.touchedOrders.confirm") : t("screens.menu.dialog.save")
          }
          cancelLabel={t("common.cancel")}
          onCancel={() => {
            setTouched(null);
            save.reset();
          }}
          onConfirm={() => {
            setTouched(null);
            send({ ...touched.body, touchedOrdersConfirmed: true }, touched.from);
          }}
        />
      ) : null}
      <StaleDialog
        stale={stale}
        fields={itemStaleFields(t)}
        onReload={(current) => {
          close();
          save.reset();
          // A replacement's form holds a new dish, not the day's: the week shows the day as it now is.
          if (mode.kind !== "edit") {
            onClose();
            return;
          }
          setLoaded(current);
          form.reset(defaults({ kind: "edit", item: current }));
          setAllergens(current.allergens);
          setDiet(current.diet);
          setCheck(current.allergensChecked ? "kept" : "none");
          setCleared(false);
        }}
        onReapply={(current) => {
          close();
          setLoaded(current);
          void handleSubmit((fields) => send(bodyOf(fields), current))();
        }}
      />
    </>
  );
}

/**
 * "Allergene nagegaan": who checked the declaration and when, or that nobody has; ticking it
 * confirms the declaration with the save. A change of name, description or allergens unticks it.
 */
function AllergenCheck({
  check,
  cleared,
  checked,
  onChange,
}: {
  check: CheckState;
  cleared: boolean;
  checked: FoodItem["allergensChecked"];
  onChange: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const helpId = useId();
  const status = checked
    ? t("screens.menu.dialog.allergens.checkedBy", {
        by: checked.by,
        date: formatShortDate(todayIn(timeZone, new Date(checked.at)), currentLanguage()),
      })
    : check === "confirm"
      ? t("screens.menu.dialog.allergens.confirming")
      : cleared
        ? t("screens.menu.dialog.allergens.cleared")
        : t("screens.menu.dialog.allergens.notChecked");
  return (
    <div>
      <FormControlLabel
        sx={{ minHeight: 48 }}
        control={
          <Checkbox
            checked={check !== "none"}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { "aria-describedby": helpId } }}
          />
        }
        label={t("screens.menu.dialog.allergens.confirm")}
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        <span role="status">{status}</span> {t("screens.menu.dialog.allergens.clearsNote")}
      </FormHelperText>
    </div>
  );
}
