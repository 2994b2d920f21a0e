import { allergenList } from "@kantien/domain/allergen-texts";
import type { CounterSale, CounterSaleInput, OnSaleItem, SaleMethod } from "@kantien/domain/counter-sales";
import { basketTotal, SALE_QUANTITY_MAX } from "@kantien/domain/counter-sales";
import { cardTokenFromCode } from "@kantien/domain/learner-cards";
import { formatRand } from "@kantien/domain/money";
import { FEW_PORTIONS_LEFT } from "@kantien/domain/portions";
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Remove";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type CustomerChoice, CustomerPicker } from "../../../components/customer-picker";
import { LoadError } from "../../../components/load-error";
import { ApiError, errorMessage, isNetworkError } from "../../../lib/api-client";
import { useCanteenRules } from "../../../lib/canteen-rules";
import { currentLanguage } from "../../../lib/i18n";
import { SubmissionKeys } from "../../../lib/idempotency";
import { useCreateSale, useOnSale, useSaleCustomer, useScanCard } from "../api/sales";
import { useCounterQueue } from "../counter-queue";
import { useScanner } from "../use-scanner";
import { DaySalesDialog } from "./day-sales";
import { SaleReceipt } from "./sale-receipt";

/** Whose wallet pays: a customer found, or (offline) a scanned card the server reads when the sale is sent. */
type Payer = CustomerChoice & { code?: string };

/** Why the last try did not sell, and what the cook may do about it (confirm, then sell). */
type Failure = { message: string; confirm: { label: string; action: () => void } | null };

/** A line of the basket: an item of the grid and how many. */
type BasketLine = { item: OnSaleItem; quantity: number };

/** What the grid shows of what is left: nothing when plenty, "Nog 3 oor" when few, "Uitverkoop" at none. */
function leftWords(left: number | null, t: TFunction): string | null {
  if (left === null || left > FEW_PORTIONS_LEFT) return null;
  return left === 0 ? t("screens.counterSales.soldOut") : t("screens.counterSales.few", { count: left });
}

/**
 * The counter's sales mode (decision 0071): a grid of what is on sale now, a basket, and pay in
 * cash, by card or from a customer's wallet. The server decides every rule (what is left,
 * limits, allergies, the balance); the grid only stops a tap past what is left.
 */
export default function SalesPanel() {
  const { t } = useTranslation();
  const onSale = useOnSale();
  const createSale = useCreateSale();
  const scanCard = useScanCard();
  const keys = useRef(new SubmissionKeys());
  const [basket, setBasket] = useState<BasketLine[]>([]);
  const [payer, setPayer] = useState<Payer | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [keptOffline, setKeptOffline] = useState(false);
  const queue = useCounterQueue();
  const rules = useCanteenRules();
  const [sold, setSold] = useState<CounterSale | null>(null);

  const inBasket = (key: string) => inBasketOf(basket, key);
  const change = (item: OnSaleItem, by: number) => {
    setFailure(null);
    setSold(null);
    setBasket((lines) => {
      const quantity = Math.min(SALE_QUANTITY_MAX, inBasketOf(lines, item.key) + by);
      const others = lines.filter((line) => line.item.key !== item.key);
      if (quantity <= 0) return others;
      const at = lines.findIndex((line) => line.item.key === item.key);
      const next = [...others];
      next.splice(at === -1 ? next.length : at, 0, { item, quantity });
      return next;
    });
  };
  const total = basketTotal(basket.map((line) => ({ price: line.item.price, quantity: line.quantity })));

  const done = () => {
    keys.current.settled();
    setBasket([]);
    setPayer(null);
  };
  /**
   * The server cannot be reached: cash and card sales, and wallet sales up to the canteen's
   * offline limit, wait on the device (decision 0073). A sale that was sent keeps the body and
   * key it was sent with: the server may have taken it, and the key makes it count once. The
   * customer's allergies cannot be checked now: the cook asks the learner first (unknown is
   * unsafe); a sale never sent carries that confirmation, one sent may still be refused later.
   */
  const keepOffline = (sale: CounterSaleInput, method: SaleMethod, { sent }: { sent: boolean }) => {
    const limit = rules.data?.offlineSaleLimit ?? "0.00";
    if (method === "wallet" && Number(total) > Number(limit)) {
      setFailure({
        message: t("screens.counterSales.offlineTooLarge", { limit: formatRand(limit) }),
        confirm: null,
      });
      return;
    }
    const keep = (kept: CounterSaleInput) =>
      void queue
        .keep({
          kind: "sale",
          key: keys.current.keyFor(kept),
          queuedAt: new Date().toISOString(),
          label: t("screens.counterSales.offlineLabel", {
            method: method === "wallet" ? (payer?.name ?? "") : t(`screens.counterSales.methods.${method}`),
            lines: basket.map(({ item, quantity }) => `${item.name} × ${quantity}`).join(", "),
            total: formatRand(total),
          }),
          sale: kept,
        })
        .then(() => {
          done();
          setFailure(null);
          setKeptOffline(true);
        });
    if (method !== "wallet" || sale.allergenAcknowledged) {
      keep(sale);
      return;
    }
    setFailure({
      message: t("screens.counterSales.offlineAllergies"),
      confirm: {
        label: t("screens.counterSales.offlineAllergiesAsked"),
        action: () => keep(sent ? sale : { ...sale, allergenAcknowledged: true }),
      },
    });
  };

  /** A learner's card scanned (into the customer field, or anywhere on the screen): their wallet pays. */
  const takeCard = (text: string): boolean => {
    if (!cardTokenFromCode(text)) return false;
    setFailure(null);
    scanCard.mutate(text, {
      onSuccess: (customer) => {
        queue.reached();
        setPayer({ id: customer.id, name: customer.name, detail: "", balance: customer.balance });
      },
      onError: (error) => {
        // Offline the card is the payer as it is: the server reads it when the sale is sent.
        if (isNetworkError(error)) {
          const token = cardTokenFromCode(text) ?? "";
          setPayer({
            id: "",
            name: t("screens.counterSales.offlineCard", { code: token.slice(-4) }),
            detail: "",
            code: text.trim(),
          });
          return;
        }
        setFailure({
          message: errorMessage(error, t("screens.counterSales.failed")),
          confirm: null,
        });
      },
    });
    return true;
  };
  useScanner(takeCard);

  const sell = (method: SaleMethod, allergenAcknowledged?: boolean) => {
    if (basket.length === 0) return;
    setKeptOffline(false);
    const sale: CounterSaleInput = {
      lines: basket.map(({ item, quantity }) =>
        item.foodItemId
          ? { foodItemId: item.foodItemId, quantity }
          : { counterItemId: item.counterItemId!, quantity },
      ),
      payment:
        method === "wallet" && payer
          ? payer.code
            ? { method, code: payer.code }
            : { method, customerId: payer.id }
          : { method: method === "card" ? "card" : "cash" },
      ...(allergenAcknowledged ? { allergenAcknowledged } : {}),
    };
    setFailure(null);
    const idempotencyKey = keys.current.keyFor(sale);
    // This device knows it is offline: no need to try.
    if (!navigator.onLine) {
      keepOffline(sale, method, { sent: false });
      return;
    }
    createSale.mutate(
      { sale, idempotencyKey },
      {
        onSuccess: (answer) => {
          queue.reached();
          done();
          setSold(answer.data);
        },
        onError: (error) => {
          if (isNetworkError(error)) {
            keepOffline(sale, method, { sent: true });
            return;
          }
          // A clear refusal makes the next submission a new one; a server error keeps the key.
          if (!(error instanceof ApiError && error.status >= 500)) keys.current.settled();
          const askAllergens = error instanceof ApiError && error.code === "allergen_confirm_required";
          setFailure({
            message: errorMessage(error, t("screens.counterSales.failed")),
            confirm:
              askAllergens && payer
                ? { label: t("screens.counterSales.confirmAllergens"), action: () => sell("wallet", true) }
                : null,
          });
        },
      },
    );
  };

  if (onSale.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label={t("screens.counterSales.loading")} />
      </Box>
    );
  }
  if (onSale.isError) {
    return <LoadError error={onSale.error} onRetry={() => void onSale.refetch()} />;
  }
  if (onSale.data.length === 0) {
    return <Alert severity="info">{t("screens.counterSales.nothing")}</Alert>;
  }

  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", md: "minmax(0, 3fr) minmax(300px, 2fr)" },
        alignItems: "start",
      }}
    >
      <SaleGrid items={onSale.data} inBasket={inBasket} onAdd={(item) => change(item, 1)} />
      <Paper variant="outlined" sx={{ p: 2, position: { md: "sticky" }, top: { md: 16 } }}>
        {/* Once what waited has gone, the banner says so: this note no longer holds. */}
        {keptOffline && queue.waiting.length > 0 ? (
          <Alert severity="info" role="status" sx={{ mb: 2 }} onClose={() => setKeptOffline(false)}>
            {t("screens.counter.offline.queuedSale")}
          </Alert>
        ) : null}
        {sold ? (
          <SaleReceipt sale={sold} onNext={() => setSold(null)} />
        ) : (
          <Basket
            lines={basket}
            total={total}
            payer={payer}
            onPayer={setPayer}
            onChange={change}
            onClear={() => {
              setBasket([]);
              setFailure(null);
            }}
            busy={createSale.isPending}
            onSell={sell}
            failure={failure}
            onCard={takeCard}
          />
        )}
      </Paper>
    </Box>
  );
}

function inBasketOf(lines: readonly BasketLine[], key: string): number {
  return lines.find((line) => line.item.key === key)?.quantity ?? 0;
}

/**
 * The tiles in one grid, in the server's order (dishes of the day first, then by category), each
 * naming its category: a tablet shows them all and the basket without scrolling.
 */
function SaleGrid({
  items,
  inBasket,
  onAdd,
}: {
  items: readonly OnSaleItem[];
  inBasket: (key: string) => number;
  onAdd: (item: OnSaleItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t("screens.counter.sell")}
      sx={{
        display: "grid",
        gap: 1,
        gridTemplateColumns: "repeat(auto-fill, minmax(160px, 1fr))",
        listStyle: "none",
        p: 0,
        m: 0,
      }}
    >
      {items.map((item) => {
        const left = item.left === null ? null : item.left - inBasket(item.key);
        const words = leftWords(left, t);
        return (
          <li key={item.key}>
            <ButtonBase
              onClick={() => onAdd(item)}
              disabled={left !== null && left <= 0}
              aria-label={`${t("screens.counterSales.add", { name: item.name })}, ${formatRand(item.price)}${words ? `, ${words}` : ""}`}
              sx={(theme) => ({
                display: "flex",
                flexDirection: "column",
                alignItems: "flex-start",
                justifyContent: "space-between",
                width: "100%",
                height: "100%",
                textAlign: "left",
                minHeight: 104,
                p: 1.5,
                borderRadius: 2,
                border: `1px solid ${theme.palette.divider}`,
                bgcolor: "background.paper",
                "&:hover": { bgcolor: "action.hover" },
                "&.Mui-disabled": { opacity: 0.55 },
                "&.Mui-focusVisible": { outline: `3px solid ${theme.palette.primary.main}` },
              })}
            >
              {item.imageUrl ? (
                // The name says what it is; the picture only helps the eye find it.
                <Box
                  component="img"
                  src={item.imageUrl}
                  alt=""
                  loading="lazy"
                  sx={{ width: "100%", height: 72, objectFit: "cover", borderRadius: 1, mb: 1 }}
                />
              ) : null}
              <Box>
                <Typography variant="caption" color="text.secondary" component="p">
                  {item.foodItemId ? t("screens.counterSales.dishOfTheDay") : item.category}
                </Typography>
                <Typography sx={{ fontWeight: 600, lineHeight: 1.25 }}>{item.name}</Typography>
              </Box>
              <Box sx={{ display: "flex", width: "100%", alignItems: "baseline", gap: 1, mt: 1 }}>
                <Typography sx={{ mr: "auto", whiteSpace: "nowrap" }}>{formatRand(item.price)}</Typography>
                {words ? (
                  <Typography
                    variant="body2"
                    sx={{
                      fontWeight: 600,
                      whiteSpace: "nowrap",
                      color: left === 0 ? "error.main" : "warning.main",
                    }}
                  >
                    {words}
                  </Typography>
                ) : null}
              </Box>
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}

function Basket({
  lines,
  total,
  payer,
  onPayer,
  onChange,
  onClear,
  busy,
  onSell,
  failure,
  onCard,
}: {
  lines: readonly BasketLine[];
  total: string;
  payer: Payer | null;
  onPayer: (payer: Payer | null) => void;
  onChange: (item: OnSaleItem, by: number) => void;
  onClear: () => void;
  busy: boolean;
  onSell: (method: SaleMethod, allergenAcknowledged?: boolean) => void;
  failure: Failure | null;
  /** A scanned learner's card in the customer field: true when it was one. */
  onCard: (text: string) => boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [showingSales, setShowingSales] = useState(false);
  const empty = lines.length === 0;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={headingId}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mr: "auto" }}>
          {t("screens.counterSales.basket")}
        </Typography>
        <Button size="small" onClick={() => setShowingSales(true)}>
          {t("screens.counterSales.daySales")}
        </Button>
      </Box>
      {showingSales ? <DaySalesDialog onClose={() => setShowingSales(false)} /> : null}
      {empty ? (
        <Typography color="text.secondary">{t("screens.counterSales.basketEmpty")}</Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {lines.map(({ item, quantity }) => {
            const atMost = item.left === null ? SALE_QUANTITY_MAX : Math.min(SALE_QUANTITY_MAX, item.left);
            return (
              <Box component="li" key={item.key} sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
                <Typography sx={{ mr: "auto" }}>
                  {item.name} × {quantity}
                </Typography>
                <IconButton
                  aria-label={t("screens.counterSales.less", { name: item.name })}
                  onClick={() => onChange(item, -1)}
                >
                  <RemoveIcon />
                </IconButton>
                <IconButton
                  aria-label={t("screens.counterSales.more", { name: item.name })}
                  onClick={() => onChange(item, 1)}
                  disabled={quantity >= atMost}
                >
                  <AddIcon />
                </IconButton>
                <Typography sx={{ minWidth: 80, textAlign: "right" }}>
                  {formatRand(basketTotal([{ price: item.price, quantity }]))}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      )}
      <Box sx={{ display: "flex", alignItems: "baseline" }}>
        <Typography variant="h6" component="p" sx={{ mr: "auto" }}>
          {t("screens.counterSales.total")}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {formatRand(total)}
        </Typography>
      </Box>
      {failure ? (
        <Alert
          severity={failure.confirm ? "warning" : "error"}
          action={
            failure.confirm ? (
              <Button color="inherit" size="small" onClick={failure.confirm.action} disabled={busy}>
                {failure.confirm.label}
              </Button>
            ) : null
          }
        >
          {failure.message}
        </Alert>
      ) : null}
      <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: "1fr 1fr" }}>
        <Button variant="contained" size="large" disabled={empty || busy} onClick={() => onSell("cash")}>
          {t("screens.counterSales.cash")}
        </Button>
        <Button variant="contained" size="large" disabled={empty || busy} onClick={() => onSell("card")}>
          {t("screens.counterSales.card")}
        </Button>
      </Box>
      <CustomerPicker
        value={payer}
        onChange={onPayer}
        label={t("screens.counterSales.findCustomer")}
        noOptionsText={t("screens.counterSales.noCustomer")}
        // The grid comes first: the field waits for a tap, and the page does not scroll to it.
        focusOnOpen={false}
        onCode={onCard}
      />
      {payer?.code ? (
        <Typography color="text.secondary">{t("screens.counterSales.balanceUnknown")}</Typography>
      ) : payer ? (
        <PayerSummary id={payer.id} />
      ) : null}
      {payer ? (
        <Button
          variant="contained"
          color="secondary"
          size="large"
          disabled={empty || busy}
          onClick={() => onSell("wallet")}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
        >
          {busy
            ? t("screens.counterSales.selling")
            : t("screens.counterSales.payFromWallet", { total: formatRand(total), name: payer.name })}
        </Button>
      ) : null}
      {empty ? null : (
        <Button onClick={onClear} disabled={busy}>
          {t("screens.counterSales.clear")}
        </Button>
      )}
    </Stack>
  );
}

/** The wallet's customer before the sale: the balance now, and what their guardians allow today. */
function PayerSummary({ id }: { id: string }) {
  const { t } = useTranslation();
  const customer = useSaleCustomer(id);
  if (customer.isPending)
    return <CircularProgress size={20} aria-label={t("screens.counterSales.loadingCustomer")} />;
  if (customer.isError) return <LoadError error={customer.error} onRetry={() => void customer.refetch()} />;
  const { balance, limits } = customer.data;
  const blocked = limits
    ? [
        ...limits.blockedDishes,
        ...(limits.blockedAllergens.length > 0
          ? [allergenList(limits.blockedAllergens, currentLanguage())]
          : []),
      ]
    : [];
  return (
    <Stack spacing={0.25} role="status">
      <Typography>{t("screens.counterSales.balance", { balance: formatRand(balance) })}</Typography>
      {limits?.leftToday != null ? (
        <Typography color="text.secondary">
          {t("screens.counterSales.leftToday", { left: formatRand(limits.leftToday) })}
        </Typography>
      ) : null}
      {limits?.leftThisWeek != null ? (
        <Typography color="text.secondary">
          {t("screens.counterSales.leftThisWeek", { left: formatRand(limits.leftThisWeek) })}
        </Typography>
      ) : null}
      {blocked.length > 0 ? (
        <Typography color="warning.main">
          {t("screens.counterSales.blocked", { what: blocked.join(", ") })}
        </Typography>
      ) : null}
    </Stack>
  );
}
