import type { Language } from "@kantien/domain/language";
import { formatRand } from "@kantien/domain/money";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDayHeading } from "../../../lib/format";
import type { DashboardWarning } from "../warnings";

function warningText(warning: DashboardWarning, t: TFunction, language: Language): string {
  switch (warning.key) {
    case "late":
      return t("screens.kitchen.urgentBanner", { count: warning.count, minutes: warning.minutes });
    case "nextWeekNoMenu":
      return t("screens.dashboard.warnings.nextWeekNoMenu");
    case "daysWithoutMenu":
      return t("screens.dashboard.warnings.daysWithoutMenu", {
        days: warning.days.map((day) => formatDayHeading(day, language)).join(", "),
      });
    case "bankCredits":
      return t("screens.dashboard.warnings.bankCredits", { count: warning.count });
    case "walletOffLedger":
      return t("screens.dashboard.warnings.walletOffLedger", {
        name: warning.wallet.name,
        balance: formatRand(warning.wallet.balance),
        ledger: formatRand(warning.wallet.ledger),
        difference: formatRand(warning.wallet.difference),
      });
  }
}

const LINK_LABELS = {
  late: "screens.dashboard.today.toKitchen",
  nextWeekNoMenu: "screens.dashboard.warnings.toMenu",
  daysWithoutMenu: "screens.dashboard.warnings.toMenu",
  bankCredits: "screens.dashboard.warnings.toMoney",
  walletOffLedger: "screens.dashboard.warnings.toReports",
} as const;

/** One list item per warning; a wallet's warning is one per wallet. */
const itemKey = (warning: DashboardWarning) =>
  warning.key === "walletOffLedger" ? `${warning.key}-${warning.wallet.customerId}` : warning.key;

/** What needs doing beyond today's cooking; each with a link to where one does it. */
export function WarningsList({ warnings, language }: { warnings: DashboardWarning[]; language: Language }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h6" component="h2">
        {t("screens.dashboard.warnings.heading")}
      </Typography>
      {warnings.length === 0 ? (
        <Alert role="note" severity="success">
          {t("screens.dashboard.warnings.none")}
        </Alert>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {warnings.map((warning) => (
            <li key={itemKey(warning)}>
              <Alert
                // Not role="alert": these are read when the page is, not announced as they change.
                role="note"
                severity={warning.severity}
                action={
                  warning.to ? (
                    <Button component={Link} to={warning.to} color="inherit" size="small">
                      {t(LINK_LABELS[warning.key])}
                    </Button>
                  ) : null
                }
              >
                {warningText(warning, t, language)}
              </Alert>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
