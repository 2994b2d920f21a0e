import { allergenVerdict, hasSevereWarning } from "@kantien/domain/allergen-verdict";
import { formatRand, lineTotal, randDifference } from "@kantien/domain/money";
import type { MyMenuDay } from "@kantien/domain/my";
import Add from "@mui/icons-material/Add";
import Remove from "@mui/icons-material/Remove";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DetailsTable } from "../../../components/details-table";
import { useNotice } from "../../../components/notice";
import { whose } from "../../../lib/acting-for";
import { allergenList } from "../../../lib/allergen-words";
import { ApiError } from "../../../lib/api-client";
import { formatDayHeading } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import { SubmissionKeys } from "../../../lib/idempotency";
import { usePlaceMyOrder } from "../api/place-my-order";
import { AllergenWarningLines } from "./allergen-notes";

type OrderDialogProps = {
  day: MyMenuDay | null;
  maxQuantity: number;
  /** My balance now (rand text), null while it loads. */
  balance: string | null;
  onClose: () => void;
};

/** A refusal the customer can act on: the server's words, and a clear answer leaves the key used. */
function isClearAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Choose how many, see the total and what my balance will be, confirm. The Idempotency-Key
 * stays the same while the same order is retried after no answer, so it is paid once.
 * A dish that matches my allergies asks for "Ek verstaan" first, naming them; so does the
 * server's answer when my allergies changed since the menu loaded.
 */
export function OrderDialog({ day, maxQuantity, balance, onClose }: OrderDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const notify = useNotice();
  const place = usePlaceMyOrder();
  const keys = useRef(new SubmissionKeys());
  const [quantity, setQuantity] = useState(1);
  const [error, setError] = useState<string | null>(null);
  /** The server's words when it asked for the yes the menu did not know was needed. */
  const [askedByServer, setAskedByServer] = useState<string | null>(null);
  const item = day?.item ?? null;

  const close = () => {
    if (place.isPending) return;
    setQuantity(1);
    setError(null);
    setAskedByServer(null);
    onClose();
  };

  if (!day || !item) return <Dialog open={false} onClose={close} />;

  const total = lineTotal(item.price, quantity).toFixed(2);
  const after = balance === null ? null : randDifference(balance, total);
  const short = after !== null && Number(after) < 0;
  const needsYes = allergenVerdict(item.allergenWarnings) === "confirm" || askedByServer !== null;
  // What the dish declares of my allergies, and what nobody has checked it for: said apart.
  const declared = item.allergenWarnings
    .filter((warning) => warning.level !== "unchecked")
    .map((w) => w.code);
  const unchecked = item.allergenWarnings
    .filter((warning) => warning.level === "unchecked")
    .map((w) => w.code);

  const confirm = async () => {
    const order = {
      foodItemId: item.id,
      deliveryDate: day.date,
      quantity,
      // The confirm button of such a dish says "Ek verstaan": pressing it is the explicit yes.
      ...(needsYes ? { allergenAcknowledged: true } : {}),
    };
    setError(null);
    try {
      const answer = await place.mutateAsync({ order, idempotencyKey: keys.current.keyFor(order) });
      keys.current.settled();
      notify({ severity: "success", text: answer.message });
      close();
    } catch (failure) {
      if (isClearAnswer(failure)) keys.current.settled();
      if (failure instanceof ApiError && failure.code === "allergen_confirm_required") {
        setAskedByServer(failure.message);
        return;
      }
      setError(failure instanceof Error ? failure.message : t("errors.unexpected"));
    }
  };

  const rows: [string, string][] = [
    [t("my.order.total"), formatRand(total)],
    [t("my.order.balanceNow"), balance === null ? "…" : formatRand(balance)],
    [t("my.order.balanceAfter"), after === null ? "…" : formatRand(after)],
  ];

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("my.order.title", { item: item.name })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {formatDayHeading(day.date, currentLanguage())} · {formatRand(item.price)}
        </Typography>
        <Box
          role="group"
          aria-label={t("my.order.quantity")}
          sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 2, mb: 2 }}
        >
          <IconButton
            size="large"
            onClick={() => setQuantity((value) => Math.max(1, value - 1))}
            disabled={quantity <= 1 || place.isPending}
            aria-label={t("my.order.less")}
            sx={{ border: 1, borderColor: "divider", width: 56, height: 56 }}
          >
            <Remove />
          </IconButton>
          <Typography
            variant="h4"
            component="output"
            aria-live="polite"
            sx={{ minWidth: 48, textAlign: "center" }}
          >
            {quantity}
          </Typography>
          <IconButton
            size="large"
            onClick={() => setQuantity((value) => Math.min(maxQuantity, value + 1))}
            disabled={quantity >= maxQuantity || place.isPending}
            aria-label={t("my.order.more")}
            sx={{ border: 1, borderColor: "divider", width: 56, height: 56 }}
          >
            <Add />
          </IconButton>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center", mb: 2 }}>
          {t("my.order.maxHint", { max: maxQuantity })}
        </Typography>
        <DetailsTable rows={rows} />
        {needsYes ? (
          <Alert severity={hasSevereWarning(item.allergenWarnings) ? "error" : "warning"} sx={{ mt: 2 }}>
            <AlertTitle>
              {t(unchecked.length > 0 ? "my.allergens.uncheckedTitle" : "my.allergens.matchTitle")}
            </AlertTitle>
            {askedByServer !== null ? (
              <Typography variant="body2">{askedByServer}</Typography>
            ) : (
              <>
                <AllergenWarningLines item={item} language={currentLanguage()} />
                {declared.length > 0 ? (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {t("my.allergens.understand", { allergens: allergenList(declared, currentLanguage()) })}
                  </Typography>
                ) : null}
                {unchecked.length > 0 ? (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {t("my.allergens.understandUnchecked", {
                      allergens: allergenList(unchecked, currentLanguage()),
                    })}
                  </Typography>
                ) : null}
              </>
            )}
          </Alert>
        ) : null}
        {short ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t("my.order.short", {
              context: whose(),
              missing: formatRand(randDifference(total, balance ?? "0")),
            })}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={close} disabled={place.isPending} size="large">
          {t("common.cancel")}
        </Button>
        <Button
          variant="contained"
          size="large"
          onClick={confirm}
          disabled={place.isPending || short}
          startIcon={
            place.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null
          }
        >
          {place.isPending
            ? t("my.order.placing")
            : needsYes
              ? t("my.allergens.understandAndPay", { total: formatRand(total) })
              : t("my.order.confirm", { total: formatRand(total) })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
