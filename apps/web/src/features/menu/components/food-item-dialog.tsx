import { zodResolver } from "@hookform/resolvers/zod";
import type { FoodItem, FoodItemFormValues } from "@kantien/domain/admin-data";
import { type FoodItemInput, foodItemForm } from "@kantien/domain/admin-data";
import { WEEKDAYS, type Weekday } from "@kantien/domain/dates";
import { moneyFieldValue } from "@kantien/domain/money";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { MoneyField } from "../../../components/money-field";
import { useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { focusOnMount } from "../../../lib/focus";
import { fieldErrorText, formWideMessage } from "../../../lib/validation";
import { useSaveFoodItem } from "../api/save-food-item";
import { ImagePicker } from "./image-picker";

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
    };
  }
  const day = mode.kind === "replace" ? mode.item.day_of_week : (mode.day ?? "");
  return { name: "", description: "", price: "", image_url: "", day_of_week: day, preparation_time: "" };
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
  const [pending, setPending] = useState<FoodItemInput | null>(null);

  const takenBy = (day: Weekday) => items.find((i) => i.day_of_week === day);
  const dayDisabled = (day: Weekday) => {
    if (mode.kind === "replace") return day !== mode.item.day_of_week;
    const owner = takenBy(day);
    return owner !== undefined && (mode.kind === "add" || owner.id !== mode.item.id);
  };

  const send = (body: FoodItemInput) => {
    const request =
      mode.kind === "edit"
        ? ({ kind: "edit", id: mode.item.id, body } as const)
        : mode.kind === "replace"
          ? ({ kind: "replace", body } as const)
          : ({ kind: "create", body } as const);
    const key =
      request.kind === "edit"
        ? "screens.menu.notices.itemUpdated"
        : request.kind === "replace"
          ? "screens.menu.notices.itemReplaced"
          : "screens.menu.notices.itemAdded";
    save.mutate(request, {
      onSuccess: () => {
        notify({ severity: "success", text: t(key, { name: body.name }) });
        onClose();
      },
    });
  };

  const onValid = (body: FoodItemInput) => {
    if (mode.kind === "replace") setPending(body);
    else send(body);
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
              {save.isError ? (
                <Alert severity="error">{errorMessage(save.error, t("errors.add"))}</Alert>
              ) : null}
              <TextField
                label={t("screens.menu.dialog.name")}
                required
                inputRef={focusOnMount}
                {...register("name")}
                error={Boolean(fieldError("name"))}
                helperText={fieldError("name")}
              />
              <TextField
                label={t("screens.menu.dialog.description")}
                required
                multiline
                minRows={2}
                {...register("description")}
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
            if (pending) send(pending);
            setPending(null);
          }}
        />
      ) : null}
    </>
  );
}
