import { zodResolver } from "@hookform/resolvers/zod";
import type { Language } from "@kantien/domain/language";
import { formatRand, lineTotal } from "@kantien/domain/money";
import type { CreatedOrder, NewOrder, NewOrderFormValues } from "@kantien/domain/orders-summary";
import { newOrderForm, newOrderInput, ORDER_QUANTITY_MAX } from "@kantien/domain/orders-summary";
import type { CustomerRow } from "@kantien/domain/people";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DetailsTable } from "../../../components/details-table";
import { LoadError } from "../../../components/load-error";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useCustomerSearch } from "../../../lib/customer-search";
import { focusOnMount } from "../../../lib/focus";
import { formatLongDate } from "../../../lib/format";
import { SubmissionKeys } from "../../../lib/idempotency";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { fieldErrorText, formWideMessage } from "../../../lib/validation";
import { useCreateOrder } from "../api/create-order";
import { useMenuDays } from "../api/get-menu-days";

const CHOICE_MISSING = "order_choice_missing";

type NewOrderDialogProps = {
  language: Language;
  onClose: () => void;
  onCreated: (created: CreatedOrder) => void;
};

const customerName = (c: CustomerRow) => `${c.firstName} ${c.lastName}`.trim();

const isAllergenQuestion = (error: unknown) =>
  error instanceof ApiError && error.code === "allergen_confirm_required";

/** The server asked for an "I understand" for this customer and dish: its words, and for which. */
type AllergenQuestion = { message: string; customerId: string; foodItemId: string };

/**
 * An order taken for a customer and paid from their wallet; the server sets the price and charges.
 * It also checks the customer's allergies (decision 0041): a dish that matches them is ordered
 * only after "Ek verstaan", for that customer and dish; a severe allergen it contains is refused.
 */
export function NewOrderDialog({ language, onClose, onCreated }: NewOrderDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const days = useMenuDays(true);
  const create = useCreateOrder();
  const keys = useRef(new SubmissionKeys());
  const [question, setQuestion] = useState<AllergenQuestion | null>(null);
  const [customerInput, setCustomerInput] = useState("");
  const customers = useCustomerSearch(useDebouncedValue(customerInput.trim()), true);
  const form = useForm<NewOrderFormValues, unknown, NewOrder>({
    resolver: zodResolver(newOrderForm),
    defaultValues: { customer: null, deliveryDate: "", foodItemId: "", quantity: "1" },
  });
  const { control, handleSubmit, watch, setValue, register, formState } = form;
  const values = watch();

  // The first day with a menu is chosen, and a day's only item with it.
  const dayList = days.data ?? [];
  const day = dayList.find((d) => d.date === values.deliveryDate);
  useEffect(() => {
    if (!values.deliveryDate && dayList[0]) setValue("deliveryDate", dayList[0].date);
  }, [dayList, values.deliveryDate, setValue]);
  useEffect(() => {
    if (day && !day.items.some((item) => item.id === values.foodItemId)) {
      setValue("foodItemId", day.items.length === 1 && day.items[0] ? day.items[0].id : "");
    }
  }, [day, values.foodItemId, setValue]);

  const item = day?.items.find((i) => i.id === values.foodItemId);
  const quantity = Number(values.quantity);
  const quantityValid = newOrderInput.shape.quantity.safeParse(quantity).success;
  const total = item && quantityValid ? lineTotal(item.price, quantity) : null;
  const balance = values.customer ? Number(values.customer.balance) : null;
  const short = total !== null && balance !== null && balance < total;
  const asked =
    question !== null &&
    question.customerId === values.customer?.id &&
    question.foodItemId === values.foodItemId;

  const onValid = (chosen: NewOrder) => {
    const order = asked ? { ...chosen, allergenAcknowledged: true } : chosen;
    const idempotencyKey = keys.current.keyFor(order);
    create.mutate(
      { order, idempotencyKey },
      {
        onSuccess: (created) => {
          keys.current.settled();
          onCreated(created);
        },
        onError: (error) => {
          // Only an unknown outcome (no answer, a server error) keeps the key for a retry.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) keys.current.settled();
          if (error instanceof ApiError && error.code === "allergen_confirm_required") {
            setQuestion({
              message: error.message,
              customerId: chosen.customerId,
              foodItemId: chosen.foodItemId,
            });
          }
        },
      },
    );
  };

  const summaryRows: [string, string][] = [
    [t("screens.orders.create.price"), item ? formatRand(item.price) : "—"],
    [t("screens.orders.create.total"), total !== null ? formatRand(total) : "—"],
  ];
  if (balance !== null) {
    summaryRows.push([t("screens.orders.create.balance"), formatRand(balance)]);
    if (total !== null && !short)
      summaryRows.push([t("screens.orders.create.balanceAfter"), formatRand(lineTotal(balance - total, 1))]);
  }

  const errors = formState.errors;
  const choiceMissing = formWideMessage(errors, CHOICE_MISSING);
  const options = customers.data ?? [];
  const noDays = days.isSuccess && dayList.length === 0;

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <DialogTitle id={titleId}>{t("screens.orders.create.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography color="text.secondary">{t("screens.orders.create.note")}</Typography>
            {choiceMissing ? <Alert severity="error">{choiceMissing}</Alert> : null}
            {create.isError && !(asked && isAllergenQuestion(create.error)) ? (
              <Alert severity="error">{errorMessage(create.error, t("errors.add"))}</Alert>
            ) : null}
            {days.isError ? <LoadError error={days.error} onRetry={() => void days.refetch()} /> : null}
            {customers.isError ? (
              <LoadError error={customers.error} onRetry={() => void customers.refetch()} />
            ) : null}
            {noDays ? <Alert severity="info">{t("screens.orders.create.noDays")}</Alert> : null}
            <Controller
              name="customer"
              control={control}
              render={({ field }) => (
                <Autocomplete
                  value={field.value}
                  onChange={(_event, chosen) => field.onChange(chosen)}
                  inputValue={customerInput}
                  onInputChange={(_event, words) => setCustomerInput(words)}
                  options={options}
                  // The server searches; every answer it gives is a match.
                  filterOptions={(all) => all}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  getOptionLabel={(c) => `${customerName(c)} (${c.email})`}
                  loading={customers.isFetching}
                  loadingText={t("screens.orders.create.searching")}
                  noOptionsText={t("screens.orders.create.noCustomers")}
                  renderOption={({ key, ...optionProps }, c) => (
                    <li key={key} {...optionProps}>
                      <Box sx={{ display: "flex", justifyContent: "space-between", width: "100%", gap: 2 }}>
                        <span>
                          {customerName(c)}
                          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                            {c.email}
                          </Typography>
                        </span>
                        <span>{formatRand(c.balance)}</span>
                      </Box>
                    </li>
                  )}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      required
                      inputRef={focusOnMount}
                      error={Boolean(errors.customer)}
                      label={t("screens.orders.create.customer")}
                      helperText={t("screens.orders.create.customerHint")}
                      slotProps={{
                        ...params.slotProps,
                        input: {
                          ...params.slotProps.input,
                          endAdornment: (
                            <>
                              {customers.isFetching ? (
                                <CircularProgress size={18} aria-hidden="true" />
                              ) : null}
                              {params.slotProps.input.endAdornment}
                            </>
                          ),
                        },
                      }}
                    />
                  )}
                />
              )}
            />
            <Controller
              name="deliveryDate"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  required
                  error={Boolean(errors.deliveryDate)}
                  label={t("screens.orders.create.day")}
                  value={dayList.some((d) => d.date === field.value) ? field.value : ""}
                  onChange={field.onChange}
                  disabled={dayList.length === 0}
                >
                  {dayList.map((d) => (
                    <MenuItem key={d.date} value={d.date}>
                      {formatLongDate(d.date, language)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="foodItemId"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  required
                  error={Boolean(errors.foodItemId)}
                  label={t("screens.orders.create.item")}
                  value={day?.items.some((i) => i.id === field.value) ? field.value : ""}
                  onChange={field.onChange}
                  disabled={!day}
                >
                  {(day?.items ?? []).map((i) => (
                    <MenuItem key={i.id} value={i.id}>
                      {i.name} — {formatRand(i.price)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              type="number"
              required
              label={t("screens.orders.create.quantity")}
              {...register("quantity")}
              error={Boolean(errors.quantity)}
              helperText={fieldErrorText(errors.quantity)}
              slotProps={{ htmlInput: { min: 1, max: ORDER_QUANTITY_MAX, step: 1 } }}
              sx={{ maxWidth: "10rem" }}
            />
            <DetailsTable rows={summaryRows} />
            {short ? <Alert severity="warning">{t("screens.orders.create.notEnough")}</Alert> : null}
            {asked ? (
              <Alert severity="warning" role="alert">
                {question.message}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} disabled={create.isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending || noDays}>
            {create.isPending
              ? t("screens.orders.create.submitting")
              : asked
                ? t("screens.orders.create.understand")
                : t("screens.orders.create.submit")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
