import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../lib/query-keys";
import { enqueue, type QueuedAction, readQueue, type SentResult, sendQueued } from "./offline-queue";

/** Why the counter cannot reach the server now, or "online". */
export type CounterConnection = "online" | "deviceOffline" | "serverDown";

type CounterQueue = {
  connection: CounterConnection;
  /** What waits on this device to be sent, the oldest first. */
  waiting: readonly QueuedAction[];
  /** What was sent since the counter opened, the last first. */
  results: readonly SentResult[];
  /** Keeps an action the server could not be asked about, and says the server is down. */
  keep: (action: QueuedAction) => Promise<void>;
  /** A request reached the server: it is up. */
  reached: () => void;
  /** Sends what waits, in order, stopping at the first the server cannot take yet. */
  sendNow: () => Promise<void>;
};

const CounterQueueContext = createContext<CounterQueue | null>(null);

/** How often the counter tries again while something waits and the server is not answering. */
const RETRY_MS = 10_000;

/**
 * The counter's queue for bad Wi-Fi (decision 0073): the connection as the counter knows it (the
 * browser's online flag, and whether the last request reached the server), what waits on the
 * device, and what became of what was sent. On opening, on coming back online and every ten
 * seconds while anything waits, it sends the queue in order.
 */
export function CounterQueueProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deviceOnline, setDeviceOnline] = useState(() => navigator.onLine);
  const [serverDown, setServerDown] = useState(false);
  const [waiting, setWaiting] = useState<QueuedAction[]>([]);
  const [results, setResults] = useState<SentResult[]>([]);
  const sending = useRef(false);

  const sendNow = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      const sent: SentResult[] = [];
      for (const action of await readQueue()) {
        const result = await sendQueued(action, t("screens.counter.offline.refused"));
        if (result === "unreachable") {
          setServerDown(true);
          break;
        }
        setServerDown(false);
        sent.push(result);
      }
      if (sent.length > 0) {
        setResults((before) => [...sent.reverse(), ...before].slice(0, 20));
        // What is left, the day's sales and the orders moved.
        void queryClient.invalidateQueries({ queryKey: queryKeys.counterOnSale });
        void queryClient.invalidateQueries({ queryKey: queryKeys.counterSales });
        void queryClient.invalidateQueries({ queryKey: queryKeys.counter });
        void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
      }
    } catch (error) {
      // A browser without IndexedDB (a private window, say) keeps nothing; the counter works online.
      console.warn("The counter's queue could not be read", error);
    } finally {
      setWaiting(await readQueue().catch(() => []));
      sending.current = false;
    }
  }, [queryClient, t]);

  useEffect(() => {
    const online = () => {
      setDeviceOnline(true);
      void sendNow();
    };
    const offline = () => setDeviceOnline(false);
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    // What a reload left waiting goes now.
    void sendNow();
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [sendNow]);

  useEffect(() => {
    if (waiting.length === 0) return;
    const timer = window.setInterval(() => void sendNow(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting.length, sendNow]);

  const value = useMemo<CounterQueue>(
    () => ({
      connection: !deviceOnline ? "deviceOffline" : serverDown ? "serverDown" : "online",
      waiting,
      results,
      keep: async (action) => {
        await enqueue(action);
        setServerDown(true);
        setWaiting(await readQueue());
      },
      reached: () => setServerDown(false),
      sendNow,
    }),
    [deviceOnline, serverDown, waiting, results, sendNow],
  );
  return <CounterQueueContext.Provider value={value}>{children}</CounterQueueContext.Provider>;
}

export function useCounterQueue(): CounterQueue {
  const queue = useContext(CounterQueueContext);
  if (!queue) throw new Error("useCounterQueue needs a CounterQueueProvider");
  return queue;
}
