import { allergenList } from "@kantien/domain/allergen-texts";
import type { BankDetails } from "@kantien/domain/canteen";
import { formatRand } from "@kantien/domain/money";
import type { LimitsToday, MyStatementEntry } from "@kantien/domain/my";
import ContentCopy from "@mui/icons-material/ContentCopy";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Suspense, useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LoadError } from "../../../components/load-error";
import { useNotice } from "../../../components/notice";
import { PageTitle } from "../../../components/page-title";
import { whose } from "../../../lib/acting-for";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDateTime, formatShortDate } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { lazyComponent } from "../../../lib/lazy-component";
import { myWalletQueryOptions } from "../../../lib/my-data";
import { CounterCode } from "./counter-code";

// Paying online loads when the canteen offers it, or when a payer comes back from the provider:
// its form's code is not part of the wallet's first paint.
const loadPayOnline = () => import("./pay-online");
const PayOnline = lazyComponent(loadPayOnline, (m) => m.PayOnline);
const PaymentReturn = lazyComponent(loadPayOnline, (m) => m.PaymentReturn);

function StatementLine({
  entry,
  timeZone,
  divider,
}: {
  entry: MyStatementEntry;
  timeZone: string;
  divider: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const credit = Number(entry.amount) > 0;
  const forOrder = entry.kind === "order" || entry.kind === "refund";
  const what =
    entry.kind === "order" || entry.kind === "refund"
      ? t(`my.wallet.kinds.${entry.kind}`, {
          item: entry.itemName ?? "",
          date: entry.deliveryDate ? formatShortDate(entry.deliveryDate, language) : "",
        })
      : t(`my.wallet.kinds.${entry.kind}`);
  return (
    <ListItem
      divider={divider}
      sx={{ display: "flex", justifyContent: "space-between", gap: 2, alignItems: "flex-start", py: 1.5 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }}>{what}</Typography>
        {/* An EFT from a bank statement: the bank's date and text, not when the canteen read it in. */}
        <Typography variant="body2" color="text.secondary">
          {entry.bankLine
            ? formatShortDate(entry.bankLine.date, language)
            : formatDateTime(entry.at, timeZone, language)}
        </Typography>
        {entry.bankLine ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {entry.bankLine.description}
          </Typography>
        ) : null}
        {entry.reason && !forOrder ? (
          <Typography variant="body2" color="text.secondary">
            {entry.reason}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ textAlign: "right", whiteSpace: "nowrap" }}>
        <Typography sx={{ fontWeight: 700, color: credit ? "success.main" : "text.primary" }}>
          {credit ? "+" : "−"}
          {formatRand(Math.abs(Number(entry.amount)))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("my.wallet.balanceAfter", { amount: formatRand(entry.balanceAfter) })}
        </Typography>
      </Box>
    </ListItem>
  );
}

/**
 * How I pay by EFT (decision 0033): my payment reference, big enough to read out, with a copy
 * button, what to do with it, and the canteen's account (or where else to pay until it is given).
 */
function PayByEft({ reference, eft }: { reference: string; eft: BankDetails | null }) {
  const { t } = useTranslation();
  const context = whose();
  const notify = useNotice();
  const headingId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      notify({ severity: "success", text: t("my.wallet.eft.copied") });
    } catch {
      notify({ severity: "error", text: t("my.wallet.eft.copyFailed") });
    }
  };
  const account: [string, string][] = eft
    ? [
        [t("my.wallet.eft.bank"), eft.bank],
        [t("my.wallet.eft.accountHolder"), eft.accountHolder],
        [t("my.wallet.eft.accountNumber"), eft.accountNumber],
        [t("my.wallet.eft.branchCode"), eft.branchCode],
      ]
    : [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2.5, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {t("my.wallet.eft.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t("my.wallet.eft.reference", { context })}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 1 }}>
        <Typography
          component="p"
          sx={{
            fontFamily: "ui-monospace, monospace",
            fontSize: "1.75rem",
            fontWeight: 700,
            letterSpacing: "0.06em",
          }}
        >
          {reference}
        </Typography>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          {t("my.wallet.eft.copy")}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 1, mb: 2 }}>
        {t("my.wallet.eft.howTo", { context })}
      </Typography>
      {eft ? (
        <Box
          component="dl"
          sx={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {account.map(([label, value]) => (
            <Box key={label} sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, fontWeight: 500, overflowWrap: "anywhere" }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Alert severity="info" role="note">
          {t("my.wallet.eft.notSet")}
        </Alert>
      )}
    </Paper>
  );
}

/** What a learner's guardians set, and what is left of it today and this week (decision 0068). */
function GuardianLimits({ limits }: { limits: LimitsToday }) {
  const { t } = useTranslation();
  const context = whose();
  const language = currentLanguage();
  const headingId = useId();
  const lines = [
    limits.dailyLimit && limits.leftToday
      ? t("my.wallet.limits.daily", {
          limit: formatRand(limits.dailyLimit),
          left: formatRand(limits.leftToday),
        })
      : null,
    limits.weeklyLimit && limits.leftThisWeek
      ? t("my.wallet.limits.weekly", {
          limit: formatRand(limits.weeklyLimit),
          left: formatRand(limits.leftThisWeek),
        })
      : null,
    limits.blockedAllergens.length > 0
      ? t("my.wallet.limits.allergens", {
          context,
          allergens: allergenList(limits.blockedAllergens, language),
        })
      : null,
    limits.blockedDishes.length > 0
      ? t("my.wallet.limits.dishes", { context, dishes: limits.blockedDishes.join(", ") })
      : null,
  ].filter((line): line is string => line !== null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("my.wallet.limits.title", { context })}
      </Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
    </Paper>
  );
}

/**
 * `/my/wallet`: my balance, a warning under the canteen's line, how to pay online (and how a
 * payment just made stands, `?payment=`), by EFT, and the statement from the ledger.
 */
export function MyWalletScreen() {
  const { t } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const wallet = useInfiniteQuery(myWalletQueryOptions());
  const first = wallet.data?.pages[0];
  const entries = wallet.data?.pages.flatMap((page) => page.transactions);
  const low = first ? Number(first.balance) < Number(first.lowBalanceThreshold) : false;
  const hasPayment = useSearchParams()[0].has("payment");
  const context = whose();

  return (
    <>
      <PageTitle>{t("my.wallet.title")}</PageTitle>
      {hasPayment ? (
        <Suspense fallback={null}>
          <PaymentReturn />
        </Suspense>
      ) : null}
      {wallet.isError && !first ? (
        <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />
      ) : null}
      <Paper variant="outlined" sx={{ p: 3, mb: 2, textAlign: "center" }}>
        <Typography color="text.secondary">{t("my.wallet.balance", { context })}</Typography>
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
          {first ? formatRand(first.balance) : <Skeleton width={160} sx={{ mx: "auto" }} />}
        </Typography>
      </Paper>
      {first && low ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("my.wallet.low", {
            context,
            threshold: formatRand(first.lowBalanceThreshold),
            reference: first.paymentReference,
          })}
        </Alert>
      ) : null}
      {first?.limits ? <GuardianLimits limits={first.limits} /> : null}
      {first?.online ? (
        <Suspense fallback={<Skeleton variant="rounded" height={180} sx={{ mb: 2 }} />}>
          <PayOnline offer={first.online} />
        </Suspense>
      ) : null}
      <CounterCode />
      {first ? <PayByEft reference={first.paymentReference} eft={first.eft} /> : null}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("my.wallet.statement")}
      </Typography>
      {entries?.length === 0 ? <Typography color="text.secondary">{t("my.wallet.empty")}</Typography> : null}
      {entries && entries.length > 0 ? (
        <Paper variant="outlined">
          <List disablePadding aria-busy={wallet.isFetching}>
            {entries.map((entry, index) => (
              <StatementLine
                key={entry.id}
                entry={entry}
                timeZone={timeZone}
                divider={index < entries.length - 1}
              />
            ))}
          </List>
        </Paper>
      ) : wallet.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : null}
      {wallet.hasNextPage ? (
        <Box sx={{ textAlign: "center", mt: 2 }}>
          <Button
            size="large"
            onClick={() => void wallet.fetchNextPage()}
            disabled={wallet.isFetchingNextPage}
          >
            {wallet.isFetchingNextPage ? t("my.loadingMore") : t("my.showMore")}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
