import type { CounterSale, CounterSaleInput } from "@kantien/domain/counter-sales";
import { createStore, del, entries, set } from "idb-keyval";
import { ApiError, api, isNetworkError } from "../../lib/api-client";

/*
 * What the counter did while it could not reach the server (docs/decisions/0073-the-counter-offline.md):
 * kept in this device's IndexedDB, so a reload loses nothing, and sent in the order it was done,
 * each sale with the Idempotency-Key it was first sent with, so nothing is sent twice.
 */

type Queued = {
  /** The sale's Idempotency-Key, or the hand-over's own key: the entry's name in the store. */
  key: string;
  /** When the cook did it (ISO): the queue is sent in this order. */
  queuedAt: string;
  /** What the counter shows of it: "Kontant: Appelsap × 2, R 28,00", "#17 · Anna Botha". */
  label: string;
};
export type QueuedSale = Queued & { kind: "sale"; sale: CounterSaleInput };
export type QueuedHandOver = Queued & { kind: "handOver"; orderId: string; allergensConfirmed: boolean };
export type QueuedAction = QueuedSale | QueuedHandOver;

/** What became of a queued action once sent: through, or refused with the server's words. */
export type SentResult = { key: string; label: string; outcome: "sent" | "refused"; message: string };

/** The device's store, opened once (again only when the browser's IndexedDB itself is a new one: tests). */
let opened: { factory: IDBFactory; store: ReturnType<typeof createStore> } | null = null;
function store() {
  if (opened?.factory !== indexedDB)
    opened = { factory: indexedDB, store: createStore("kantien-counter", "queue") };
  return opened.store;
}

export async function enqueue(action: QueuedAction): Promise<void> {
  await set(action.key, action, store());
}

/** The queue, the oldest first. */
export async function readQueue(): Promise<QueuedAction[]> {
  const all = await entries<string, QueuedAction>(store());
  return all.map(([, action]) => action).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/**
 * Sends one queued action. Answers "unreachable" when the server still cannot be reached or
 * failed (5xx: the outcome is unknown; the same key is sent again later), else what became of it,
 * and takes it off the queue.
 */
export async function sendQueued(
  action: QueuedAction,
  refusedWords: string,
): Promise<SentResult | "unreachable"> {
  try {
    if (action.kind === "sale") {
      const answer = await api.post<{ success: true; data: CounterSale; message: string }>(
        "/api/counter/sales",
        {
          body: action.sale,
          headers: { "Idempotency-Key": action.key },
        },
      );
      await del(action.key, store());
      return { key: action.key, label: action.label, outcome: "sent", message: answer.message };
    }
    await api.post(`/api/kitchen/orders/${encodeURIComponent(action.orderId)}/collect`, {
      body: action.allergensConfirmed ? { allergensConfirmed: true } : {},
    });
    await del(action.key, store());
    return { key: action.key, label: action.label, outcome: "sent", message: "" };
  } catch (error) {
    if (isNetworkError(error) || (error instanceof ApiError && error.status >= 500)) return "unreachable";
    // Handed over by someone else meanwhile: what the queue wanted is done.
    const done = error instanceof ApiError && error.code === "already_collected";
    await del(action.key, store());
    return {
      key: action.key,
      label: action.label,
      outcome: done ? "sent" : "refused",
      message: error instanceof Error ? error.message : refusedWords,
    };
  }
}
