import type { portionsCorrectedAnswer } from "@kantien/domain/admin-data";
import type { KitchenDishCap } from "@kantien/domain/kitchen";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/notice";
import { type Answer, api, errorMessage } from "../../../lib/api-client";
import { focusOnMount } from "../../../lib/focus";
import { queryKeys } from "../../../lib/query-keys";

/**
 * An admin corrects a dish's portions during its day (a tray dropped, more made), with why:
 * `PUT /api/admin/food-items/:id/portions`; never below what is taken (the server says so).
 */
export function PortionsCorrectionDialog({
  cap,
  onClose,
}: {
  cap: KitchenDishCap & { foodItemId: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const notify = useNotice();
  const queryClient = useQueryClient();
  const [portions, setPortions] = useState(String(cap.portions));
  const [reason, setReason] = useState("");
  const correct = useMutation({
    mutationFn: (body: { portions: number | null; reason: string }) =>
      api.put<Answer<typeof portionsCorrectedAnswer>>(
        `/api/admin/food-items/${encodeURIComponent(cap.foodItemId)}/portions`,
        { body },
      ),
    onSuccess: (answer) => {
      notify({ severity: "success", text: answer.message });
      void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
      onClose();
    },
  });
  const count = portions.trim() === "" ? null : Number(portions);
  const countValid = count === null || (Number.isInteger(count) && count >= 0 && count <= 10_000);
  const reasonValid = reason.trim().length >= 3;
  return (
    <Dialog
      open
      onClose={correct.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (countValid && reasonValid) correct.mutate({ portions: count, reason: reason.trim() });
        }}
      >
        <DialogTitle id={titleId}>
          {t("screens.kitchen.portions.correctTitle", { dish: cap.itemName })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>
              {t("screens.kitchen.portions.correctText", { count: cap.portions, left: cap.left })}
            </Typography>
            {correct.isError ? (
              <Alert severity="error">{errorMessage(correct.error, t("errors.update"))}</Alert>
            ) : null}
            <TextField
              label={t("screens.kitchen.portions.made")}
              type="number"
              value={portions}
              onChange={(event) => setPortions(event.target.value)}
              inputRef={focusOnMount}
              error={!countValid}
              helperText={
                countValid
                  ? t("screens.kitchen.portions.madeHint")
                  : t("screens.kitchen.portions.madeInvalid")
              }
              slotProps={{ htmlInput: { min: 0, max: 10_000, step: 1 } }}
            />
            <TextField
              label={t("screens.kitchen.portions.reason")}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              helperText={t("screens.kitchen.portions.reasonHint")}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={correct.isPending}>
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!countValid || !reasonValid || correct.isPending}
          >
            {t("screens.kitchen.portions.correctSave")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
