import type { BankCredit } from "@kantien/domain/bank-statements";
import { formatRand } from "@kantien/domain/money";
import type { CustomerRow } from "@kantien/domain/people";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotice } from "../../../components/notice";
import { ReasonDialog } from "../../../components/reason-dialog";
import { errorMessage } from "../../../lib/api-client";
import { useCustomerSearch } from "../../../lib/customer-search";
import { focusOnMount } from "../../../lib/focus";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useAllocateCredit, useDismissCredit } from "../api/bank-credits";

type Chosen = { id: string; name: string; detail: string };
const chosenFrom = (c: CustomerRow): Chosen => ({
  id: c.id,
  name: `${c.firstName} ${c.lastName}`.trim(),
  detail: c.akdNumber ? `${c.email} · ${c.akdNumber}` : c.email,
});

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
  const [chosen, setChosen] = useState<Chosen | null>(
    credit.customer
      ? { id: credit.customer.id, name: credit.customer.name, detail: credit.customer.paymentReference }
      : null,
  );
  const [words, setWords] = useState("");
  const query = useDebouncedValue(words.trim());
  const customers = useCustomerSearch(query, query.length >= 2);
  const options = (customers.data ?? []).map(chosenFrom);
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
          <Autocomplete
            value={chosen}
            onChange={(_, next) => setChosen(next)}
            inputValue={words}
            onInputChange={(_, next) => setWords(next)}
            options={options}
            // The server searches; every answer it gives is a match.
            filterOptions={(all) => all}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(c) => c.name}
            loading={customers.isFetching}
            noOptionsText={t("screens.money.noCustomer")}
            renderOption={({ key, ...props }, c) => (
              <li key={key} {...props}>
                <span>
                  {c.name}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                    {c.detail}
                  </Typography>
                </span>
              </li>
            )}
            renderInput={(params) => (
              <TextField {...params} inputRef={focusOnMount} label={t("screens.money.searchCustomer")} />
            )}
          />
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
