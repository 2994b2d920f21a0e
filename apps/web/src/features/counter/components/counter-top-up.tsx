import { formatRand } from "@kantien/domain/money";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { CustomerPicker } from "../../../components/customer-picker";
import { LoadError } from "../../../components/load-error";
import { TopUpForm } from "../../../components/top-up-form";
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
          <FindCustomer onChoose={setChosen} />
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
                guardians: customer.data.guardians,
              }}
              atCounter
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

function FindCustomer({ onChoose }: { onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <CustomerPicker
      value={null}
      onChange={(choice) => choice && onChoose(choice.id)}
      label={t("screens.counter.findCustomer")}
      noOptionsText={t("screens.counter.noCustomer")}
    />
  );
}
