import { type BankCredit, bankLineNamesOther } from "@kantien/domain/bank-statements";
import { formatRand } from "@kantien/domain/money";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CustomerChoice, CustomerPicker } from "../../../components/customer-picker";
import { useNotice } from "../../../components/notice";
import { ReasonDialog } from "../../../components/reason-dialog";
import { errorMessage } from "../../../lib/api-client";
import { useAllocateCredit, useDismissCredit } from "../api/bank-credits";

/** The credit as the dialogs name it: its amount, date and the bank's text. */
function CreditSummary({ credit }: { credit: BankCredit }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
      {credit.date} · {credit.description}
    </Typography>
  );
}

/** Gives a waiting credit to a customer, found by name, email or academy number; the review's guess comes chosen. */
export function AllocateDialog({ credit, onClose }: { credit: BankCredit; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const notify = useNotice();
  const allocate = useAllocateCredit();
  const [chosen, setChosen] = useState<CustomerChoice | null>(
    credit.customer
      ? { id: credit.customer.id, name: credit.customer.name, detail: credit.customer.paymentReference }
      : null,
  );
  const amount = formatRand(credit.amount);

  const confirm = () => {
    if (!chosen) return;
    allocate.mutate(
      { creditId: credit.id, userId: chosen.id },
      {
        onSuccess: (answer) => {
          notify({ severity: "success", text: answer.message });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={allocate.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t("screens.money.allocateTitle", { amount })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <CreditSummary credit={credit} />
          <Typography>{t("screens.money.allocateText")}</Typography>
          {allocate.isError ? (
            <Alert severity="error">{errorMessage(allocate.error, t("errors.update"))}</Alert>
          ) : null}
          <CustomerPicker
            value={chosen}
            onChange={setChosen}
            label={t("screens.money.searchCustomer")}
            noOptionsText={t("screens.money.noCustomer")}
          />
          {chosen && bankLineNamesOther(credit.description, chosen.name) ? (
            <Alert severity="warning" role="note">
              {t("screens.money.namesDiffer", { name: chosen.name })}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={allocate.isPending}>
          {t("screens.money.cancel")}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!chosen || allocate.isPending}>
          {allocate.isPending
            ? t("screens.money.allocating")
            : chosen
              ? t("screens.money.confirmAllocate", { name: chosen.name })
              : t("screens.money.allocate")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Sets a waiting credit aside with a reason, recorded with who and when. */
export function DismissDialog({ credit, onClose }: { credit: BankCredit; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotice();
  const dismiss = useDismissCredit();
  return (
    <ReasonDialog
      title={t("screens.money.dismissTitle", { amount: formatRand(credit.amount) })}
      summary={<CreditSummary credit={credit} />}
      text={t("screens.money.dismissText")}
      reasonLabel={t("screens.money.reason")}
      confirmLabel={t("screens.money.confirmDismiss")}
      pendingLabel={t("screens.money.dismissing")}
      cancelLabel={t("screens.money.cancel")}
      pending={dismiss.isPending}
      error={dismiss.isError ? errorMessage(dismiss.error, t("errors.update")) : null}
      onConfirm={(reason) =>
        dismiss.mutate(
          { creditId: credit.id, reason },
          {
            onSuccess: (answer) => {
              notify({ severity: "success", text: answer.message });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}
