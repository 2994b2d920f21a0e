import { type BankCredit, type BankCreditStatus, bankLineNamesOther } from "@kantien/domain/bank-statements";
import { formatRand } from "@kantien/domain/money";
import DownloadIcon from "@mui/icons-material/Download";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { PageTitle } from "../../../components/page-title";
import { useBelow } from "../../../components/responsive-table";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime, formatShortDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { CREDITS_PER_PAGE, useBankCreditCounts, useBankCredits } from "../api/bank-credits";
import { AllocateDialog, DismissDialog } from "./credit-dialogs";
import { OnlinePayments } from "./online-payments";
import { StatementImport } from "./statement-import";

/** The tabs' order: what needs an admin first. */
const TABS: readonly BankCreditStatus[] = ["review", "unallocated", "matched", "reversed", "dismissed"];

/**
 * /money, "Geld" (admins, decision 0034): read a bank statement in, and see its credits by
 * status; a waiting one is allocated to a customer or dismissed with a reason. The online
 * payments are beside them (decision 0074).
 */
export function MoneyScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<BankCreditStatus>("review");
  const [page, setPage] = useState(0);
  const counts = useBankCreditCounts();

  return (
    <Stack spacing={3}>
      <Box>
        <PageTitle>{t("screens.money.title")}</PageTitle>
        <Typography color="text.secondary">{t("screens.money.intro")}</Typography>
      </Box>
      <StatementImport />
      <Paper variant="outlined">
        <Tabs
          value={status}
          onChange={(_, next: BankCreditStatus) => {
            setStatus(next);
            setPage(0);
          }}
          aria-label={t("screens.money.tabs.label")}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={`${t(`screens.money.tabs.${tab}`)}${counts.data ? ` (${counts.data[tab]})` : ""}`}
            />
          ))}
        </Tabs>
        <CreditsTable status={status} page={page} onPage={setPage} />
        <Box sx={{ display: "flex", justifyContent: "flex-end", p: 1.5 }}>
          <Button
            component="a"
            href={`/api/admin/bank-credits/export.csv?status=${status}`}
            download
            startIcon={<DownloadIcon />}
          >
            {t("screens.money.export")}
          </Button>
        </Box>
      </Paper>
      <OnlinePayments />
    </Stack>
  );
}

function CreditsTable({
  status,
  page,
  onPage,
}: {
  status: BankCreditStatus;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const timeZone = useCanteenTimeZone();
  const credits = useBankCredits(status, page);
  const [allocating, setAllocating] = useState<BankCredit | null>(null);
  const [dismissing, setDismissing] = useState<BankCredit | null>(null);
  const waiting = status === "review" || status === "unallocated";
  const phone = useBelow("sm");
  const tablet = useBelow("md");

  if (credits.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label={t("screens.money.loading")} />
      </Box>
    );
  }
  if (credits.isError) {
    return (
      <Box sx={{ p: 2 }}>
        <LoadError error={credits.error} onRetry={() => void credits.refetch()} />
      </Box>
    );
  }
  if (credits.data.rows.length === 0) {
    return (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {t(`screens.money.empty.${status}`)}
      </Typography>
    );
  }
  const why = (credit: BankCredit) =>
    waiting ? (
      credit.hint ? (
        <Chip size="small" label={t(`screens.money.hints.${credit.hint}` as "screens.money.hints.name")} />
      ) : null
    ) : credit.reversal ? (
      // A credit whose top-up was reversed is never shown as credited: who undid it, when, why.
      <>
        {t("screens.money.reversedBy", { name: credit.reversal.by ?? "—" })}
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(credit.reversal.at, timeZone, language)}
        </Typography>
        {credit.reversal.reason ? (
          <Typography variant="body2" color="text.secondary">
            {credit.reversal.reason}
          </Typography>
        ) : null}
      </>
    ) : (
      <>
        {credit.resolvedBy ?? t("screens.money.automatic")}
        {credit.resolvedAt ? (
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(credit.resolvedAt, timeZone, language)}
          </Typography>
        ) : null}
        {credit.dismissReason ? (
          <Typography variant="body2" color="text.secondary">
            {credit.dismissReason}
          </Typography>
        ) : null}
      </>
    );
  const customer = (credit: BankCredit) =>
    credit.customer ? (
      status === "review" ? (
        <>
          {t("screens.money.maybe", { name: credit.customer.name })}
          {/* A guess by reference or number from a line that names someone else: look first. */}
          {bankLineNamesOther(credit.description, credit.customer.name) ? (
            <Alert severity="warning" role="note" sx={{ mt: 0.5, py: 0, px: 1 }}>
              {t("screens.money.namesDiffer", { name: credit.customer.name })}
            </Alert>
          ) : null}
        </>
      ) : (
        `${credit.customer.name} (${credit.customer.paymentReference})`
      )
    ) : (
      "—"
    );
  const date = (credit: BankCredit) => formatShortDate(credit.date, language);
  const amount = (credit: BankCredit) => formatRand(credit.amount);

  return (
    <>
      <TableContainer>
        <Table
          size="small"
          aria-label={t(`screens.money.tabs.${status}`)}
          aria-busy={credits.isFetching}
          // A phone's two columns need the width more than the cells' side padding does.
          sx={phone ? { "& .MuiTableCell-root": { px: 1 } } : undefined}
        >
          <TableHead>
            <TableRow>
              {tablet ? null : <TableCell>{t("screens.money.columns.date")}</TableCell>}
              <TableCell align={phone ? "left" : "right"}>{t("screens.money.columns.amount")}</TableCell>
              {phone ? null : <TableCell>{t("screens.money.columns.description")}</TableCell>}
              {phone ? null : <TableCell>{t("screens.money.columns.customer")}</TableCell>}
              {tablet ? null : (
                <TableCell>
                  {waiting ? t("screens.money.columns.why") : t("screens.money.columns.resolved")}
                </TableCell>
              )}
              {waiting ? <TableCell align="right">{t("screens.money.columns.actions")}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {credits.data.rows.map((credit) => (
              <TableRow key={credit.id} sx={{ verticalAlign: "top" }}>
                {tablet ? null : <TableCell sx={{ whiteSpace: "nowrap" }}>{date(credit)}</TableCell>}
                {/* The bank's text is shown as text: never a link or a formula. On a phone the
                    other columns' values stand under the amount. */}
                <TableCell align={phone ? "left" : "right"} sx={{ overflowWrap: "anywhere" }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                    {amount(credit)}
                  </Typography>
                  {tablet ? (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
                      {date(credit)}
                    </Typography>
                  ) : null}
                  {phone ? (
                    <Stack spacing={0.5} sx={{ mt: 0.5 }}>
                      <Typography variant="body2">{credit.description}</Typography>
                      <Typography variant="body2" color="text.secondary" component="div">
                        {customer(credit)}
                      </Typography>
                      <Box>{why(credit)}</Box>
                    </Stack>
                  ) : null}
                </TableCell>
                {phone ? null : (
                  <TableCell sx={{ maxWidth: 360, overflowWrap: "anywhere" }}>{credit.description}</TableCell>
                )}
                {phone ? null : (
                  <TableCell>
                    {customer(credit)}
                    {tablet ? <Box sx={{ mt: 0.5 }}>{why(credit)}</Box> : null}
                  </TableCell>
                )}
                {tablet ? null : <TableCell>{why(credit)}</TableCell>}
                {waiting ? (
                  <TableCell align="right">
                    <Stack
                      spacing={1}
                      direction={tablet ? "column" : "row"}
                      sx={{ justifyContent: "flex-end" }}
                    >
                      <Button size="small" variant="contained" onClick={() => setAllocating(credit)}>
                        {t("screens.money.allocate")}
                      </Button>
                      <Button size="small" onClick={() => setDismissing(credit)}>
                        {t("screens.money.dismiss")}
                      </Button>
                    </Stack>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {/* What every credit of the tab comes to, all pages together. */}
      <Typography sx={{ px: 2, pt: 1.5, fontWeight: 600 }} role="status">
        {t("screens.money.total", {
          count: credits.data.total,
          amount: formatRand(credits.data.totalAmount),
        })}
      </Typography>
      {credits.data.total > CREDITS_PER_PAGE ? (
        <TablePagination
          component="div"
          count={credits.data.total}
          page={page}
          onPageChange={(_, next) => onPage(next)}
          rowsPerPage={CREDITS_PER_PAGE}
          rowsPerPageOptions={[CREDITS_PER_PAGE]}
        />
      ) : null}
      {allocating ? <AllocateDialog credit={allocating} onClose={() => setAllocating(null)} /> : null}
      {dismissing ? <DismissDialog credit={dismissing} onClose={() => setDismissing(null)} /> : null}
    </>
  );
}
