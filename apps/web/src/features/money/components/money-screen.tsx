import type { BankCredit, BankCreditStatus } from "@kantien/domain/bank-statements";
import { formatRand } from "@kantien/domain/money";
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
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime, formatShortDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { CREDITS_PER_PAGE, useBankCreditCounts, useBankCredits } from "../api/bank-credits";
import { AllocateDialog, DismissDialog } from "./credit-dialogs";
import { StatementImport } from "./statement-import";

/** The tabs' order: what needs an admin first. */
const TABS: readonly BankCreditStatus[] = ["review", "unallocated", "matched", "dismissed"];

/**
 * /money, "Geld" (admins, decision 0034): read a bank statement in, and see its credits by
 * status; a waiting one is allocated to a customer or dismissed with a reason.
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
      </Paper>
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
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t(`screens.money.tabs.${status}`)} aria-busy={credits.isFetching}>
          <TableHead>
            <TableRow>
              <TableCell>{t("screens.money.columns.date")}</TableCell>
              <TableCell align="right">{t("screens.money.columns.amount")}</TableCell>
              <TableCell>{t("screens.money.columns.description")}</TableCell>
              <TableCell>{t("screens.money.columns.customer")}</TableCell>
              <TableCell>
                {waiting ? t("screens.money.columns.why") : t("screens.money.columns.resolved")}
              </TableCell>
              {waiting ? <TableCell align="right">{t("screens.money.columns.actions")}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {credits.data.rows.map((credit) => (
              <TableRow key={credit.id}>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatShortDate(credit.date, language)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap", fontWeight: 600 }}>
                  {formatRand(credit.amount)}
                </TableCell>
                {/* The bank's text, shown as text: never a link or a formula. */}
                <TableCell sx={{ maxWidth: 360, overflowWrap: "anywhere" }}>{credit.description}</TableCell>
                <TableCell>
                  {credit.customer
                    ? status === "review"
                      ? t("screens.money.maybe", { name: credit.customer.name })
                      : `${credit.customer.name} (${credit.customer.paymentReference})`
                    : "—"}
                </TableCell>
                <TableCell>
                  {waiting ? (
                    credit.hint ? (
                      <Chip
                        size="small"
                        label={t(`screens.money.hints.${credit.hint}` as "screens.money.hints.name")}
                      />
                    ) : null
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
                  )}
                </TableCell>
                {waiting ? (
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    <Button size="small" variant="contained" onClick={() => setAllocating(credit)}>
                      {t("screens.money.allocate")}
                    </Button>{" "}
                    <Button size="small" onClick={() => setDismissing(credit)}>
                      {t("screens.money.dismiss")}
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
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
