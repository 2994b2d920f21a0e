import type { Database } from "../../db/client";
import { ORDER_EVENTS_CHANNEL } from "../orders/service";

export type OrderEventHub = {
  /**
   * Listens on the database (once per process, at the first call) and adds `send`.
   * `onGap` is called when notifications may have been missed (the listening connection
   * was lost, or came back): the subscriber should end its stream, so its client
   * reconnects and refetches.
   */
  subscribe(send: (payload: string) => void, onGap: () => void): Promise<() => void>;
  close(): Promise<void>;
};

type Subscriber = { send: (payload: string) => void; onGap: () => void };

/**
 * One LISTEN per server process, fanned out in memory to every connected client.
 * NOTIFY reaches every process on the same PostgreSQL, so changes made through any
 * process reach the clients of all of them (DESIGN §1).
 */
export function createOrderEventHub(database: Database): OrderEventHub {
  const subscribers = new Set<Subscriber>();
  let listening: Promise<() => Promise<void>> | null = null;

  // Whoever listened across a gap has missed changes: they all start over.
  const gap = () => {
    const missed = [...subscribers];
    subscribers.clear();
    for (const s of missed) s.onGap();
  };

  function start() {
    if (!listening) {
      listening = database.listen(
        ORDER_EVENTS_CHANNEL,
        (payload) => {
          for (const s of subscribers) s.send(payload);
        },
        { onLost: gap, onRestored: gap },
      );
      // A failed start is retried by the next client instead of being remembered.
      listening.catch(() => {
        listening = null;
      });
    }
    return listening;
  }

  return {
    async subscribe(send, onGap) {
      await start();
      const subscriber = { send, onGap };
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    async close() {
      subscribers.clear();
      const current = listening;
      listening = null;
      const unlisten = await current?.catch(() => null);
      await unlisten?.();
    },
  };
}
