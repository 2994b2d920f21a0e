import { formatRand } from "@kantien/domain/money";
import {
  type AdminPayment,
  type adminPaymentsAnswer,
  type OnlinePaymentStatus,
  paymentTotal,
} from "@kantien/domain/online-payments";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useBelow } from "../../../components/responsive-table";
import { type Answer, api } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { queryKeys } from "../../../lib/query-keys";

/** The tabs' order: what needs an admin first. */
const TABS: readonly OnlinePaymentStatus[] = [
  "pending",
  "flagged",
  "credited",
  "refunded",
  "failed",
  "cancelled",
];

/**
 * The online payments beside the bank credits on /money (decision 0074): by status, each with its
 * customer (and who paid for them), the amount and fee, the provider and its id; a flagged one
 * says what was paid, a pending one over an hour old says to look at the provider.
 */
export function OnlinePayments() {
  const { t } = useTranslation();
  const headingId = useId();
  const [status, setStatus] = useState<OnlinePaymentStatus>("pending");
  const payments = useQuery({
    queryKey: [...queryKeys.onlinePayments, status],
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof adminPaymentsAnswer>>(`/api/admin/payments?status=${status}`, { signal }))
        .data,
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Box sx={{ p: 2, pb: 0 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {t("screens.money.online.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("screens.money.online.intro")}
        </Typography>
      </Box>
      <Tabs
        value={status}
        onChange={(_, next: OnlinePaymentStatus) => setStatus(next)}
        aria-label={t("screens.money.online.tabs.label")}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {TABS.map((tab) => (
          <Tab key={tab} value={tab} label={t(`screens.money.online.tabs.${tab}`)} />
        ))}
      </Tabs>
      {payments.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={t("screens.money.online.loading")} />
        </Box>
      ) : payments.isError ? (
        <Box sx={{ p: 2 }}>
          <LoadError error={payments.error} onRetry={() => void payments.refetch()} />
        </Box>
      ) : payments.data.length === 0 ? (
        <Typography sx={{ p: 3 }} color="text.secondary">
          {t(`screens.money.online.empty.${status}`)}
        </Typography>
      ) : (
        <PaymentsTable rows={payments.data} />
      )}
    </Paper>
  );
}

function PaymentsTable({ rows }: { rows: AdminPayment[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const phone = useBelow("sm");
  const note = (payment: AdminPayment) => {
    if (payment.status === "flagged" && payment.refundedAmount !== null) {
      return t("screens.money.online.refundShort", { refunded: formatRand(payment.refundedAmount) });
    }
    if (payment.status === "refunded" && payment.refundedAmount !== null) {
      return t("screens.money.online.refunded", { refunded: formatRand(payment.refundedAmount) });
    }
    if (payment.status === "flagged" && payment.paidAmount !== null) {
      return t("screens.money.online.paidOther", {
        paid: formatRand(payment.paidAmount),
        expected: formatRand(paymentTotal(payment.amount, payment.fee)),
      });
    }
    if (payment.status === "test") return t("screens.money.online.testNote");
    if (payment.overdue) return t("screens.money.online.overdue");
    return null;
  };
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t("screens.money.online.columns.when")}</TableCell>
            <TableCell>{t("screens.money.online.columns.customer")}</TableCell>
            <TableCell align="right">{t("screens.money.online.columns.amount")}</TableCell>
            {phone ? null : <TableCell>{t("screens.money.online.columns.provider")}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((payment) => {
            const why = note(payment);
            return (
              <TableRow key={payment.id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {formatDateTime(payment.createdAt, timeZone, language)}
                </TableCell>
                <TableCell>
                  {payment.customerName}
                  {payment.paidByName ? (
                    <Typography variant="body2" color="text.secondary">
                      {t("screens.money.online.paidBy", { name: payment.paidByName })}
                    </Typography>
                  ) : null}
                  {why ? (
                    <Chip
                      size="small"
                      color={
                        payment.status === "flagged"
                          ? "error"
                          : payment.status === "refunded"
                            ? "default"
                            : "warning"
                      }
                      label={why}
                      sx={{ mt: 0.5, height: "auto", "& .MuiChip-label": { whiteSpace: "normal", py: 0.25 } }}
                    />
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formatRand(payment.amount)}
                  {Number(payment.fee) > 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t("screens.money.online.fee", { fee: formatRand(payment.fee) })}
                    </Typography>
                  ) : null}
                </TableCell>
                {phone ? null : (
                  <TableCell>
                    {t(`screens.money.online.providers.${payment.provider}`)}
                    {payment.providerPaymentId ? (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                        {payment.providerPaymentId}
                      </Typography>
                    ) : null}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
