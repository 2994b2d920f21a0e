import { todayIn } from "@kantien/domain/dates";
import type { CounterCollected, CounterOrder } from "@kantien/domain/kitchen";
import { orderIdFromQr } from "@kantien/domain/kitchen-rules";
import { orderLabel } from "@kantien/domain/order-label";
import { ROUTES } from "@kantien/domain/route-access";
import AccountBalanceWalletIcon from "@mui/icons-material/AccountBalanceWallet";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import SearchIcon from "@mui/icons-material/Search";
import WarningAmber from "@mui/icons-material/WarningAmber";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { AllergenCheckDialog } from "../../../components/allergen-check-dialog";
import { LoadError } from "../../../components/load-error";
import { useDismissNotice, useNotice } from "../../../components/notice";
import { StatusChip } from "../../../components/status-chip";
import { TouchTargets } from "../../../components/touch-targets";
import { allergenList } from "../../../lib/allergen-words";
import { allergyAlertWords } from "../../../lib/allergy-alert-words";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { formatDayHeading, formatLongDate, formatTime } from "../../../lib/format";
import { currentLanguage } from "../../../lib/i18n";
import {
  useCollectOrder,
  useCounterAnswerCount,
  useCounterSearch,
  useReadyToCollect,
  useUndoHandOver,
} from "../api/counter";
import { playCounterSound, unlockCounterSound } from "../counter-sound";
import { QrReaderUnavailable, startQrScanner } from "../qr-scanner";
import { CounterTopUpDialog } from "./counter-top-up";

const TAP = { minHeight: 48 };

/** The camera's picture while it looks for a code; stops when closed or when a code is read. */
function CameraScanner({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<
    "starting" | "scanning" | "cameraFailed" | "readerFailed" | "cameraLost"
  >("starting");
  const problem = state === "starting" || state === "scanning" ? null : state;
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stop: (() => void) | null = null;
    const closed = new AbortController();
    if (!video.current) return;
    startQrScanner(video.current, {
      onCode: (text) => {
        // One code per opening: the camera closes on the first order it finds.
        if (orderIdFromQr(text)) latest.current(text);
      },
      onLost: () => setState("cameraLost"),
      signal: closed.signal,
    })
      .then((stopScanner) => {
        if (closed.signal.aborted) stopScanner();
        else {
          stop = stopScanner;
          setState("scanning");
        }
      })
      .catch((error: unknown) => {
        if (closed.signal.aborted) return;
        console.warn("The camera could not start", error);
        setState(error instanceof QrReaderUnavailable ? "readerFailed" : "cameraFailed");
      });
    return () => {
      closed.abort();
      stop?.();
    };
  }, []);

  return (
    <Stack spacing={1}>
      {problem ? <Alert severity="warning">{t(`screens.counter.${problem}`)}</Alert> : null}
      {state === "starting" ? (
        // A tablet's camera can take seconds to show its first picture.
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: "center" }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{t("screens.counter.cameraStarting")}</Typography>
        </Stack>
      ) : null}
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        aria-label={t("screens.counter.cameraView")}
        sx={{
          width: "100%",
          maxHeight: 360,
          bgcolor: "common.black",
          borderRadius: 1,
          display: problem ? "none" : "block",
        }}
      />
      <Button onClick={onClose} variant="outlined" sx={TAP}>
        {t("screens.counter.cameraClose")}
      </Button>
    </Stack>
  );
}

/**
 * An order collected before, found again (a second scan): red across the card, with a sign, and
 * when and by whom it was handed over, so nobody hands it over twice.
 */
function AlreadyCollected({ collected, timeZone }: { collected: CounterCollected; timeZone: string }) {
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

type OrderToHandOverProps = {
  order: CounterOrder;
  today: string;
  timeZone: string;
  /** This counter handed it over a moment ago: a confirmation with an undo, not a warning. */
  justHanded: boolean;
  onHandedOver: (order: CounterOrder) => void;
  onUndo: (order: CounterOrder) => void;
  /** Left out for an order whose customer the counter does not know (the idle list). */
  onTopUp?: (customerId: string) => void;
};

/** One found order: what to hand over, to whom, and Afgehaal in one tap (once). */
function OrderToHandOver({
  order,
  today,
  timeZone,
  justHanded,
  onHandedOver,
  onUndo,
  onTopUp,
}: OrderToHandOverProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const notify = useNotice();
  const collect = useCollectOrder();
  const label = orderLabel(order);
  // The server asks "Allergene nagegaan?" for an alerted order nobody confirmed yet (it skipped
  // Gereed, or its dish changed since): the counter asks the cook, and hands over on a yes.
  const [checking, setChecking] = useState(false);
  const hand = (allergensConfirmed?: boolean) =>
    collect.mutate(
      { id: order.id, ...(allergensConfirmed ? { allergensConfirmed } : {}) },
      {
        onSuccess: () => {
          playCounterSound("handedOver");
          notify({ severity: "success", text: () => i18n.t("screens.counter.handedOver", { label }) });
          onHandedOver(order);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "allergens_unconfirmed") setChecking(true);
        },
      },
    );
  const asksCheck = collect.error instanceof ApiError && collect.error.code === "allergens_unconfirmed";
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: "none" }}>
      <CardContent>
        {order.collected && !justHanded ? (
          <AlreadyCollected collected={order.collected} timeZone={timeZone} />
        ) : null}
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: "auto" }}>
            #{label} · {order.customerName}
          </Typography>
          <StatusChip status={order.status} />
        </Box>
        <Typography
          sx={{ fontSize: "1.5rem", fontWeight: 700 }}
        >{`${order.itemName} × ${order.quantity}`}</Typography>
        {/* Before Afgehaal, in words with a sign: the allergens this dish and customer share, or that nobody checked. */}
        {order.allergyAlert ? (
          <Alert
            severity="error"
            variant="filled"
            icon={<WarningAmber fontSize="large" />}
            sx={{ mt: 1, fontSize: "1.125rem" }}
          >
            <AlertTitle sx={{ fontSize: "1.25rem", fontWeight: 700 }}>
              {allergyAlertWords(order.allergyAlert, t, (codes) => allergenList(codes, language))}
            </AlertTitle>
            {t("screens.counter.allergyHint")}
          </Alert>
        ) : null}
        {order.orderDate !== today ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t("screens.counter.otherDay", { date: formatLongDate(order.orderDate, language) })}
          </Alert>
        ) : null}
        {order.status === "delivered" && justHanded ? (
          <Alert
            severity="success"
            variant="filled"
            icon={<CheckCircleIcon fontSize="large" />}
            sx={{ mt: 2, fontSize: "1.25rem", alignItems: "center" }}
            action={
              <Button color="inherit" size="large" onClick={() => onUndo(order)} sx={TAP}>
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
        ) : order.status === "delivered" ? null : order.status === "ready" ? (
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={() => hand()}
            disabled={collect.isPending}
            sx={{ mt: 2, minHeight: 56, fontSize: "1.125rem" }}
          >
            {t("screens.kitchen.actions.delivered")}
          </Button>
        ) : order.status === "cancelled" || order.status === "failed" ? null : (
          <Alert severity="info" sx={{ mt: 1 }}>
            {order.status === "processing" ? t("screens.counter.notReady") : t("screens.counter.notBegun")}
          </Alert>
        )}
        {collect.isError && !asksCheck ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(collect.error, t("errors.update"))}
          </Alert>
        ) : null}
        <AllergenCheckDialog
          order={checking ? order : null}
          language={language}
          onConfirm={() => {
            setChecking(false);
            hand(true);
          }}
          onClose={() => {
            setChecking(false);
            collect.reset();
          }}
        />
        {onTopUp ? (
          <Button
            startIcon={<AccountBalanceWalletIcon />}
            onClick={() => onTopUp(order.customerId)}
            sx={{ ...TAP, mt: 1 }}
          >
            {t("screens.counter.topUpFor", { name: order.customerName })}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Orders to hand over, each a card; the one this counter just handed over confirms it. */
function HandOverList({
  label,
  orders,
  handed,
  ...card
}: Omit<OrderToHandOverProps, "order" | "justHanded"> & {
  label: string;
  orders: CounterOrder[];
  handed: string | null;
}) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }} aria-label={label}>
      {orders.map((order) => (
        <OrderToHandOver key={order.id} order={order} justHanded={handed === order.id} {...card} />
      ))}
    </Stack>
  );
}

/** When nothing is searched: today's orders ready to collect, each one tap from handed over. */
function ReadyToCollect({
  today,
  timeZone,
  handed,
  onHandedOver,
  onUndo,
}: {
  today: string;
  timeZone: string;
  handed: string | null;
  onHandedOver: (order: CounterOrder) => void;
  onUndo: (order: CounterOrder) => void;
}) {
  const { t } = useTranslation();
  const ready = useReadyToCollect(handed);
  if (ready.isPending) return <CircularProgress aria-label={t("screens.counter.searching")} />;
  if (ready.isError) return <LoadError error={ready.error} onRetry={() => void ready.refetch()} />;
  if (ready.data.length === 0)
    return <Typography color="text.secondary">{t("screens.counter.readyNone")}</Typography>;
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t("screens.counter.readyNow")}
      </Typography>
      <HandOverList
        label={t("screens.counter.readyNow")}
        orders={ready.data}
        today={today}
        timeZone={timeZone}
        handed={handed}
        onHandedOver={onHandedOver}
        onUndo={onUndo}
      />
    </Stack>
  );
}

/** The counter (decision 0025): find an order by its QR code, a name or its number, and hand it over. */
export function CounterScreen() {
  const { t, i18n } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [scanning, setScanning] = useState(false);
  // The wallet being topped up: a found order's customer, or null to find one first.
  const [toppingUp, setToppingUp] = useState<{ customerId: string | null } | null>(null);
  // The order this counter just handed over: its card confirms it, with an undo.
  const [handed, setHanded] = useState<string | null>(null);
  const undo = useUndoHandOver();
  const notify = useNotice();
  const dismissNotice = useDismissNotice();
  // Ready for the next scan: a handheld scanner types into the search field and presses Enter.
  const readyForScan = () => {
    input.current?.focus();
    input.current?.select();
  };
  const cardActions = {
    onHandedOver: (order: CounterOrder) => {
      setHanded(order.id);
      readyForScan();
    },
    onUndo: (order: CounterOrder) =>
      undo.mutate(order.id, {
        // The card stays where it is and turns back to "Afgehaal" when the day is read again.
        onSuccess: () => {
          notify({
            severity: "success",
            text: () => i18n.t("screens.counter.undone", { label: orderLabel(order) }),
          });
          readyForScan();
        },
        onError: (error) => notify({ severity: "error", text: errorMessage(error, t("errors.update")) }),
      }),
  };
  const search = useCounterSearch(q);
  const input = useRef<HTMLInputElement>(null);
  const today = todayIn(timeZone);
  // The scan or search whose answer is still to be checked for a collected order: each one
  // warns once, on its own answer, never on the one it replaces.
  const answerCount = useCounterAnswerCount();
  const toCheck = useRef<{ q: string; after: number } | null>(null);

  // Browsers play sound only after a tap or a key on the page (a handheld scanner's keys count).
  useEffect(() => {
    document.addEventListener("pointerdown", unlockCounterSound);
    document.addEventListener("keydown", unlockCounterSound);
    return () => {
      document.removeEventListener("pointerdown", unlockCounterSound);
      document.removeEventListener("keydown", unlockCounterSound);
    };
  }, []);

  const { data: found, isFetching, isPlaceholderData } = search;
  // biome-ignore lint/correctness/useExhaustiveDependencies: answerCount reads the query's state, which these follow
  useEffect(() => {
    const check = toCheck.current;
    if (!check || check.q !== q || !found || isFetching || isPlaceholderData) return;
    if (answerCount(q) <= check.after) return;
    toCheck.current = null;
    if (found.some((order) => order.collected && order.id !== handed)) playCounterSound("alreadyCollected");
  }, [q, found, isFetching, isPlaceholderData, handed]);

  const find = (value: string) => {
    // A new scan or search: an order shown again is no longer "just handed over", and the last
    // hand-over's notice no longer speaks of what is on the screen.
    setHanded(null);
    dismissNotice();
    toCheck.current = { q: value.trim(), after: answerCount(value.trim()) };
    // A scanned code is no text for the cook: the field is emptied for the next scan. A typed
    // name or number stays, selected, so the next one replaces it.
    setText(orderIdFromQr(value) ? "" : value);
    setQ(value.trim());
    if (q === value.trim()) void search.refetch();
    readyForScan();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(text);
  };

  return (
    <TouchTargets>
      <Stack spacing={2} sx={{ maxWidth: 720, mx: "auto" }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
          <Typography variant="h4" component="h1" sx={{ mr: "auto", fontWeight: 600 }}>
            {t("screens.counter.title")}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<AccountBalanceWalletIcon />}
            onClick={() => setToppingUp({ customerId: null })}
            sx={TAP}
          >
            {t("screens.counter.topUp")}
          </Button>
          <Button component={RouterLink} to={ROUTES.kitchenMode} startIcon={<ArrowBackIcon />} sx={TAP}>
            {t("screens.counter.toBoard")}
          </Button>
        </Box>
        <Box
          component="form"
          role="search"
          onSubmit={submit}
          sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}
        >
          <TextField
            inputRef={input}
            label={t("screens.counter.searchLabel")}
            helperText={t("screens.counter.searchHelp")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoFocus
            autoComplete="off"
            sx={{ flex: "1 1 260px" }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchIcon />}
            sx={{ ...TAP, alignSelf: "flex-start", mt: 0.5 }}
          >
            {t("screens.counter.search")}
          </Button>
          <Button
            variant="outlined"
            startIcon={<QrCodeScannerIcon />}
            onClick={() => setScanning(true)}
            disabled={scanning}
            sx={{ ...TAP, alignSelf: "flex-start", mt: 0.5 }}
          >
            {t("screens.counter.scan")}
          </Button>
        </Box>
        {scanning ? (
          <CameraScanner
            onClose={() => setScanning(false)}
            onCode={(code) => {
              setScanning(false);
              find(code);
            }}
          />
        ) : null}
        <Box aria-live="polite" aria-busy={search.isFetching}>
          {q === "" ? (
            <ReadyToCollect today={today} timeZone={timeZone} handed={handed} {...cardActions} />
          ) : search.isPending ? (
            <CircularProgress aria-label={t("screens.counter.searching")} />
          ) : search.isError ? (
            <LoadError error={search.error} onRetry={() => void search.refetch()} />
          ) : search.data.length === 0 ? (
            <Typography>
              {orderIdFromQr(q) ? t("screens.counter.scanNone") : t("screens.counter.none", { q })}
            </Typography>
          ) : (
            <HandOverList
              label={t("screens.counter.results")}
              orders={search.data}
              today={today}
              timeZone={timeZone}
              handed={handed}
              {...cardActions}
              onTopUp={(customerId) => setToppingUp({ customerId })}
            />
          )}
        </Box>
        {toppingUp ? (
          <CounterTopUpDialog
            customerId={toppingUp.customerId}
            onClose={() => {
              setToppingUp(null);
              // Ready for the next scan.
              input.current?.focus();
            }}
          />
        ) : null}
      </Stack>
    </TouchTargets>
  );
}
