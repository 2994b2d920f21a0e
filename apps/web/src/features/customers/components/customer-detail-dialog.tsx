import { formatRand } from "@kantien/domain/money";
import { REVERSIBLE_KINDS } from "@kantien/domain/money-channels";
import { orderLabel } from "@kantien/domain/order-label";
import type { CustomerDetail, LedgerEntry, PersonOrder, WalletStatementEntry } from "@kantien/domain/people";
import { ROLE } from "@kantien/domain/roles";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { DetailsTable } from "../../../components/details-table";
import { useNotice } from "../../../components/notice";
import { ReasonDialog } from "../../../components/reason-dialog";
import { StatusChip } from "../../../components/status-chip";
import { TopUpForm } from "../../../components/top-up-form";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime, formatShortDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { PersonDetailDialog } from "../../people/components/person-detail-dialog";
import { useCustomer } from "../api/get-customer";
import { useReverseTopUp } from "../api/reverse-top-up";
import { CustomerAllergiesSection } from "./customer-allergies";
import { CustomerGuardiansSection } from "./customer-guardians";
import { LearnerCardSection } from "./learner-cards";
import { LeaveSchoolSection } from "./leave-school";

type Props = {
  customerId: string;
  /** Admins reverse top-ups and open the orders summary (the top-up's channels follow the user's role). */
  isAdmin: boolean;
  onClose: () => void;
};

/** The /users detail dialog: the customer's data, wallet, recent orders and ledger. */
export function CustomerDetailDialog({ customerId, isAdmin, onClose }: Props) {
  const { t } = useTranslation();
  const customer = useCustomer(customerId);

  return (
    <PersonDetailDialog
      person={customer}
      title={t("screens.customers.detail.title")}
      loadingLabel={t("screens.customers.loading")}
      maxWidth="md"
      onClose={onClose}
    >
      {(data) => <CustomerDetailBody customer={data} isAdmin={isAdmin} onLeft={onClose} />}
    </PersonDetailDialog>
  );
}

function CustomerDetailBody({
  customer,
  isAdmin,
  onLeft,
}: {
  customer: CustomerDetail;
  isAdmin: boolean;
  /** The learner has left the school: their detail closes. */
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const notSpecified = t("common.notSpecified");
  const balanceId = useId();
  const ordersId = useId();
  const ledgerId = useId();
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ alignItems: { sm: "flex-start" } }}>
        <Box sx={{ flex: 1 }}>
          <DetailsTable
            rows={[
              [t("resources.user.fields.email"), customer.email],
              [t("resources.user.fields.phone_number"), customer.phoneNumber ?? notSpecified],
              [
                t("resources.user.fields.role_id"),
                t(customer.roleId === 1 ? "roles.names.student" : "roles.names.academyStaff"),
              ],
              [t("screens.customers.detail.akdNumber"), customer.akdNumber ?? notSpecified],
              [t("screens.customers.detail.paymentReference"), customer.paymentReference ?? notSpecified],
              [
                t("screens.customers.detail.createdAt"),
                formatDateTime(customer.createdAt, timeZone, language),
              ],
            ]}
          />
        </Box>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby={balanceId}
          sx={{ p: 2, minWidth: 240 }}
        >
          <Typography id={balanceId} variant="overline" component="h3" color="text.secondary">
            {t("screens.customers.detail.balance")}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} aria-live="polite">
            {formatRand(customer.balance)}
          </Typography>
          <TopUpForm
            customer={{
              id: customer.id,
              name: `${customer.firstName} ${customer.lastName}`,
              balance: customer.balance,
              guardians: customer.guardians,
            }}
          />
        </Paper>
      </Stack>
      {isAdmin ? <CustomerAllergiesSection customerId={customer.id} /> : null}
      {isAdmin ? <LearnerCardSection customer={customer} /> : null}
      {isAdmin && customer.roleId === ROLE.student ? (
        <CustomerGuardiansSection learnerId={customer.id} />
      ) : null}
      <Box component="section" aria-labelledby={ordersId}>
        <Typography id={ordersId} variant="h6" component="h3" sx={{ mb: 1 }}>
          {t("screens.customers.detail.recentOrders")}
        </Typography>
        {customer.recentOrders.length === 0 ? (
          <Typography color="text.secondary">{t("screens.customers.detail.noOrders")}</Typography>
        ) : (
          <OrdersTable orders={customer.recentOrders} />
        )}
        {isAdmin && customer.recentOrders.length > 0 ? (
          // Every order of the customer, of all time, on the orders summary (decision 0015).
          <Button
            component={RouterLink}
            to={`/orders?customer=${customer.id}`}
            variant="outlined"
            color="inherit"
            sx={{ mt: 1 }}
          >
            {t("screens.customers.detail.allOrders")}
          </Button>
        ) : null}
      </Box>
      <Box component="section" aria-labelledby={ledgerId}>
        <Typography id={ledgerId} variant="h6" component="h3" sx={{ mb: 1 }}>
          {t("screens.customers.detail.ledger")}
        </Typography>
        {customer.ledger.length === 0 ? (
          <Typography color="text.secondary">{t("screens.customers.detail.noLedger")}</Typography>
        ) : (
          <LedgerTable
            entries={customer.ledger}
            timeZone={timeZone}
            onReverse={isAdmin ? setReversing : undefined}
          />
        )}
      </Box>
      {reversing ? (
        <ReverseDialog customerId={customer.id} entry={reversing} onClose={() => setReversing(null)} />
      ) : null}
      {isAdmin && customer.roleId === ROLE.student ? (
        <LeaveSchoolSection
          learner={{ id: customer.id, name: `${customer.firstName} ${customer.lastName}` }}
          onLeft={onLeft}
        />
      ) : null}
    </Stack>
  );
}

function OrdersTable({ orders }: { orders: PersonOrder[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t("screens.customers.detail.recentOrders")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("screens.customers.detail.orderColumns.number")}</TableCell>
            <TableCell>{t("screens.customers.detail.orderColumns.item")}</TableCell>
            <TableCell align="right">{t("screens.customers.detail.orderColumns.amount")}</TableCell>
            <TableCell>{t("screens.customers.detail.orderColumns.status")}</TableCell>
            <TableCell>{t("screens.customers.detail.orderColumns.date")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id}>
              <TableCell sx={{ fontFamily: "monospace" }}>{`#${orderLabel(order)}`}</TableCell>
              <TableCell>
                {order.quantity > 1 ? `${order.itemName} × ${order.quantity}` : order.itemName}
              </TableCell>
              <TableCell align="right">{formatRand(order.amount)}</TableCell>
              <TableCell>
                <StatusChip status={order.status} />
              </TableCell>
              <TableCell>{formatShortDate(order.orderDate, language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function LedgerTable({
  entries,
  timeZone,
  onReverse,
}: {
  entries: WalletStatementEntry[];
  timeZone: string;
  /** Admins: undo a top-up. */
  onReverse?: (entry: LedgerEntry) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const reversed = new Set(entries.flatMap((entry) => (entry.reversesId ? [entry.reversesId] : [])));
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader aria-label={t("screens.customers.detail.ledger")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("screens.customers.detail.ledgerColumns.date")}</TableCell>
            <TableCell>{t("screens.customers.detail.ledgerColumns.kind")}</TableCell>
            <TableCell align="right">{t("screens.customers.detail.ledgerColumns.amount")}</TableCell>
            <TableCell align="right">{t("screens.customers.detail.ledgerColumns.balanceAfter")}</TableCell>
            <TableCell>{t("screens.customers.detail.ledgerColumns.reason")}</TableCell>
            {onReverse ? <TableCell /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => {
            const credit = Number(entry.amount) >= 0;
            return (
              <TableRow key={entry.id}>
                {/* An EFT from a bank statement: the bank's date and text, not the import's time. */}
                <TableCell sx={{ whiteSpace: "nowrap" }}>
                  {entry.bankLine
                    ? formatShortDate(entry.bankLine.date, language)
                    : formatDateTime(entry.at, timeZone, language)}
                </TableCell>
                <TableCell>
                  {t(`screens.customers.detail.kinds.${entry.kind}`)}
                  {entry.bankLine ? (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                      {entry.bankLine.description}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ color: credit ? "success.main" : "text.primary", whiteSpace: "nowrap" }}
                >
                  {`${credit ? "+" : "−"}${formatRand(Math.abs(Number(entry.amount)))}`}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formatRand(entry.balanceAfter)}
                </TableCell>
                <TableCell>{entry.reason ?? ""}</TableCell>
                {onReverse ? (
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {reversed.has(entry.id) ? (
                      <Typography variant="body2" color="text.secondary">
                        {t("screens.customers.topUp.reversed")}
                      </Typography>
                    ) : REVERSIBLE_KINDS.includes(entry.kind) ? (
                      <Button size="small" onClick={() => onReverse(entry)}>
                        {t("screens.customers.topUp.reverse")}
                      </Button>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** An admin undoes a top-up with a reason; a refusal (too little money left) says so in place. */
function ReverseDialog({
  customerId,
  entry,
  onClose,
}: {
  customerId: string;
  entry: LedgerEntry;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotice();
  const reverse = useReverseTopUp(customerId);
  const amount = formatRand(entry.amount);
  return (
    <ReasonDialog
      title={t("screens.customers.topUp.reverseTitle", { amount })}
      text={t("screens.customers.topUp.reverseText", { amount })}
      reasonLabel={t("screens.customers.topUp.reverseReason")}
      confirmLabel={t("screens.customers.topUp.reverse")}
      pendingLabel={t("screens.customers.topUp.reversing")}
      cancelLabel={t("screens.customers.topUp.cancel")}
      pending={reverse.isPending}
      error={reverse.isError ? errorMessage(reverse.error, t("errors.update")) : null}
      onConfirm={(reason) =>
        reverse.mutate(
          { transactionId: entry.id, reason },
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
