import { formatRand } from "@kantien/domain/money";
import type { CustomerRow } from "@kantien/domain/people";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { TopUpForm } from "../../../components/top-up-form";
import { useCustomerSearch } from "../../../lib/customer-search";
import { focusOnMount } from "../../../lib/focus";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useCounterCustomer } from "../api/counter";

const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/**
 * A cook tops up a wallet at the counter: the customer of a scanned or found order, or one
 * found here by name, email or academy number; cash or card (the server decides), a
 * confirmation above R1 000, and an 80 mm slip.
 */
export function CounterTopUpDialog({
  customerId,
  onClose,
}: {
  customerId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [chosen, setChosen] = useState<string | null>(customerId);
  const customer = useCounterCustomer(chosen);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {customer.data
          ? t("screens.counter.topUpFor", { name: fullName(customer.data) })
          : t("screens.counter.topUpTitle")}
      </DialogTitle>
      <DialogContent>
        {chosen === null ? (
          <FindCustomer onChoose={(row) => setChosen(row.id)} />
        ) : customer.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 3 }}>
            <CircularProgress aria-label={t("screens.counter.searching")} />
          </Box>
        ) : customer.isError ? (
          <LoadError error={customer.error} onRetry={() => void customer.refetch()} />
        ) : (
          <>
            <Typography color="text.secondary">
              {t("screens.counter.balanceNow", { balance: formatRand(customer.data.balance) })}
            </Typography>
            <TopUpForm
              customer={{
                id: customer.data.id,
                name: fullName(customer.data),
                balance: customer.data.balance,
              }}
              allMethods={false}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t("screens.counter.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FindCustomer({ onChoose }: { onChoose: (row: CustomerRow) => void }) {
  const { t } = useTranslation();
  const [words, setWords] = useState("");
  const query = useDebouncedValue(words.trim());
  const customers = useCustomerSearch(query, query.length >= 2);
  return (
    <Autocomplete
      options={customers.data ?? []}
      onChange={(_, row) => row && onChoose(row)}
      inputValue={words}
      onInputChange={(_, next) => setWords(next)}
      // The server searches; every answer it gives is a match.
      filterOptions={(all) => all}
      getOptionLabel={fullName}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={customers.isFetching}
      noOptionsText={t("screens.counter.noCustomer")}
      renderOption={({ key, ...props }, row) => (
        <li key={key} {...props}>
          <Box sx={{ display: "flex", justifyContent: "space-between", width: "100%", gap: 2 }}>
            <span>
              {fullName(row)}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {row.akdNumber ?? row.email}
              </Typography>
            </span>
            <span>{formatRand(row.balance)}</span>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={focusOnMount}
          label={t("screens.counter.findCustomer")}
          sx={{ mt: 1 }}
        />
      )}
    />
  );
}
