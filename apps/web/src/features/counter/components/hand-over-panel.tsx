import { todayIn } from "@kantien/domain/dates";
import type { CounterOrder } from "@kantien/domain/kitchen";
import { orderLabel } from "@kantien/domain/order-label";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../components/load-error";
import { useDismissNotice, useNotice } from "../../../components/notice";
import { errorMessage } from "../../../lib/api-client";
import { useCanteenTimeZone } from "../../../lib/app-config";
import { useCounterAnswerCount, useCounterSearch, useReadyToCollect, useUndoHandOver } from "../api/counter";
import { playCounterSound } from "../counter-sound";
import { scannedCodeKind } from "../scanned-code";
import { CameraScanner } from "./camera-scanner";
import { HandOverList, type OrderToHandOverProps } from "./order-to-hand-over";

type CardActions = Pick<OrderToHandOverProps, "onHandedOver" | "onUndo">;

/** When nothing is searched: today's orders ready to collect, each one tap from handed over. */
function ReadyToCollect({
  today,
  timeZone,
  handed,
  onHandedOver,
  onUndo,
}: CardActions & { today: string; timeZone: string; handed: string | null }) {
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

type HandOverPanelProps = {
  /** The search field, which a handheld scanner types into: the screen gives it the focus back. */
  searchField: RefObject<HTMLInputElement | null>;
  /** A found order's customer tops their wallet up. */
  onTopUp: (customerId: string) => void;
};

/**
 * The hand-over: find an order by its QR code (a handheld scanner or the camera), a name or its
 * number, and hand it over with an undo; when nothing is searched, what is ready now.
 */
export function HandOverPanel({ searchField, onTopUp }: HandOverPanelProps) {
  const { t, i18n } = useTranslation();
  const timeZone = useCanteenTimeZone();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [scanning, setScanning] = useState(false);
  // The order this counter just handed over: its card confirms it, with an undo.
  const [handed, setHanded] = useState<string | null>(null);
  const undo = useUndoHandOver();
  const notify = useNotice();
  const dismissNotice = useDismissNotice();
  // Ready for the next scan: a handheld scanner types into the search field and presses Enter.
  const readyForScan = () => {
    searchField.current?.focus();
    searchField.current?.select();
  };
  const cardActions: CardActions = {
    onHandedOver: (order: CounterOrder) => {
      setHanded(order.id);
      readyForScan();
    },
    onUndo: (order: CounterOrder) =>
      undo.mutate(order.id, {
        // The card stays where it is and turns back to "Oorhandig" when the day is read again.
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
  const today = todayIn(timeZone);
  // The scan or search whose answer is still to be checked for a collected order: each one
  // warns once, on its own answer, never on the one it replaces.
  const answerCount = useCounterAnswerCount();
  const toCheck = useRef<{ q: string; after: number } | null>(null);

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
    setText(scannedCodeKind(value) ? "" : value);
    setQ(value.trim());
    if (q === value.trim()) void search.refetch();
    readyForScan();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(text);
  };

  return (
    <>
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}
      >
        <TextField
          inputRef={searchField}
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
          sx={{ alignSelf: "flex-start", mt: 0.5 }}
        >
          {t("screens.counter.search")}
        </Button>
        <Button
          variant="outlined"
          startIcon={<QrCodeScannerIcon />}
          onClick={() => setScanning(true)}
          disabled={scanning}
          sx={{ alignSelf: "flex-start", mt: 0.5 }}
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
            {scannedCodeKind(q) === "order"
              ? t("screens.counter.scanNone")
              : scannedCodeKind(q) === "card"
                ? t("screens.counter.cardNone")
                : t("screens.counter.none", { q })}
          </Typography>
        ) : (
          <HandOverList
            label={t("screens.counter.results")}
            orders={search.data}
            today={today}
            timeZone={timeZone}
            handed={handed}
            {...cardActions}
            onTopUp={onTopUp}
          />
        )}
      </Box>
    </>
  );
}
