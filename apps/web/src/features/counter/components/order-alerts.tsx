import { todayIn } from "@kantien/domain/dates";
import type { CounterCollected, CounterOrder } from "@kantien/domain/kitchen";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import WarningAmber from "@mui/icons-material/WarningAmber";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { allergenList } from "../../../lib/allergen-words";
import { allergyAlertWords } from "../../../lib/allergy-alert-words";
import { formatDayHeading, formatLongDate, formatTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";

/**
 * What the counter says of a found order before and after a hand-over, each in words with a
 * sign where it must stop the cook: these read the order only, so whatever the counter hands
 * over or sells can show them.
 */

/**
 * An order collected before, found again (a second scan): red across the card, with a sign, and
 * when and by whom it was handed over, so nobody hands it over twice.
 */
export function AlreadyCollected({ collected, timeZone }: { collected: CounterCollected; timeZone: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const when = {
    date: formatDayHeading(todayIn(timeZone, new Date(collected.at)), language),
    time: formatTime(collected.at, timeZone, language),
  };
  return (
    <Alert
      severity="error"
      variant="filled"
      icon={<BlockIcon fontSize="large" />}
      data-already-collected
      sx={{ mb: 2, fontSize: "1.125rem", alignItems: "center" }}
    >
      <AlertTitle sx={{ fontSize: "1.375rem", fontWeight: 700 }}>
        {collected.by
          ? t("screens.counter.alreadyCollected", { ...when, name: collected.by })
          : t("screens.counter.alreadyCollectedWhen", when)}
      </AlertTitle>
      {t("screens.counter.alreadyCollectedHint")}
    </Alert>
  );
}

/** Before Afgehaal, in words with a sign: the allergens this dish and customer share, or that nobody checked. */
export function AllergyAlert({ alert }: { alert: NonNullable<CounterOrder["allergyAlert"]> }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Alert
      severity="error"
      variant="filled"
      icon={<WarningAmber fontSize="large" />}
      sx={{ mt: 1, fontSize: "1.125rem" }}
    >
      <AlertTitle sx={{ fontSize: "1.25rem", fontWeight: 700 }}>
        {allergyAlertWords(alert, t, (codes) => allergenList(codes, language))}
      </AlertTitle>
      {t("screens.counter.allergyHint")}
    </Alert>
  );
}

/** An order of another day than today, found by name or number. */
export function OtherDay({ orderDate }: { orderDate: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {t("screens.counter.otherDay", { date: formatLongDate(orderDate, currentLanguage()) })}
    </Alert>
  );
}

/** This counter handed the order over a moment ago: big, with the name, and an undo. */
export function HandedOver({ order, onUndo }: { order: CounterOrder; onUndo: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="success"
      variant="filled"
      icon={<CheckCircleIcon fontSize="large" />}
      sx={{ mt: 2, fontSize: "1.25rem", alignItems: "center" }}
      action={
        <Button color="inherit" size="large" onClick={onUndo}>
          {t("screens.counter.undo")}
        </Button>
      }
    >
      {t("screens.counter.handedOverTo", {
        name: order.customerName,
        item: order.itemName,
        quantity: order.quantity,
      })}
    </Alert>
  );
}

/** An order the kitchen has not made ready yet: whether it has begun. */
export function NotReady({ begun }: { begun: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" sx={{ mt: 1 }}>
      {begun ? t("screens.counter.notReady") : t("screens.counter.notBegun")}
    </Alert>
  );
}
