import type { Database } from "../../db/client";
import { ORDER_EVENTS_CHANNEL } from "../orders/service";

export type OrderEventHub = {
  /** Listens on the database (once per process, at the first call) and adds `send`. */
  subscribe(send: (payload: string) => void): Promise<() => void>;
  close(): Promise<void>;
};

/**
 * One LISTEN per server process, fanned out in memory to every connected client.
 * NOTIFY reaches every process on the same PostgreSQL, so changes made through any
 * process reach the clients of all of them (DESIGN §1).
 */
export function createOrderEventHub(database: Database): OrderEventHub {
  const subscribers = new Set<(payload: string) => void>();
  let listening: Promise<() => Promise<void>> | null = null;

  function start() {
    if (!listening) {
      listening = database.listen(ORDER_EVENTS_CHANNEL, (payload) => {
        for (const send of subscribers) send(payload);
      });
      // A failed start is retried by the next client instead of being remembered.
      listening.catch(() => {
        listening = null;
      });
    }
    return listening;
  }

  return {
    async subscribe(send) {
      await start();
      subscribers.add(send);
      return () => {
        subscribers.delete(send);
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
