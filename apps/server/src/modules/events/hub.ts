import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import {
  ORDER_EVENTS_CHANNEL,
  type OrderChangeNotice,
  orderChangeNotice,
  portionsNotice,
} from "../orders/service";

/** One order change as the hub hands it to its subscribers. */
export type OrderChange = {
  /** The event's sequence number: its SSE id. */
  id: number;
  /** The order's owner, for the streams that send a customer their own orders only. */
  userId: string;
  /** The `OrderEvent` as JSON, ready for an SSE `data:` line (serialised once for every stream). */
  data: string;
  /** What is left of the order's capped dish, as JSON, when the change moved its portions. */
  portions?: string;
  /** The event with the order as the board shows it, for the staff's streams; else `data`. */
  staffData?: string;
};

/** Portions that moved without an order (a counter sale, decision 0071): for customers' menus only. */
export type PortionsChange = { portionsOnly: string };

export type OrderEventHub = {
  /**
   * Listens on the database (once per process, at the first call) and adds `send`.
   * `onGap` is called when notifications may have been missed (the listening connection
   * was lost, or came back): the subscriber should end its stream, so its client
   * reconnects and catches up from its last event id.
   */
  subscribe(send: (change: OrderChange | PortionsChange) => void, onGap: () => void): Promise<() => void>;
  close(): Promise<void>;
};

type Subscriber = { send: (change: OrderChange | PortionsChange) => void; onGap: () => void };

/**
 * One LISTEN per server process, fanned out in memory to every connected client.
 * NOTIFY reaches every process on the same PostgreSQL, so changes made through any
 * process reach the clients of all of them (several processes share one PostgreSQL).
 */
export function createOrderEventHub(
  database: Database,
  log: FastifyBaseLogger,
  /** The order as the board shows it (JSON), read once per process for every board it serves. */
  boardRow: (orderId: string) => Promise<string | null> = async () => null,
): OrderEventHub {
  const subscribers = new Set<Subscriber>();
  // Changes are handed on one after the other, in the order they came, each once its row is read.
  let handing: Promise<void> = Promise.resolve();
  let listening: Promise<() => Promise<void>> | null = null;

  // Whoever listened across a gap has missed changes: they all start over.
  const gap = () => {
    const missed = [...subscribers];
    subscribers.clear();
    for (const s of missed) s.onGap();
  };

  // Parsed once per change, whatever the number of streams.
  const fanOut = (payload: string) => {
    handing = handing
      .then(() => handOn(payload))
      .catch((error: unknown) => log.error({ err: error }, "order events: a change could not be handed on"));
  };
  const handOn = async (payload: string) => {
    let notice: OrderChangeNotice;
    try {
      const parsed: unknown = JSON.parse(payload);
      const moved = portionsNotice.safeParse(parsed);
      if (moved.success) {
        const change: PortionsChange = { portionsOnly: JSON.stringify(moved.data.portions) };
        for (const s of subscribers) s.send(change);
        return;
      }
      notice = orderChangeNotice.parse(parsed);
    } catch (error) {
      // Say, from a process of an older version during a rolling deploy: no stream can use it.
      log.warn({ err: error }, "order events: a notification that is not an order change was ignored");
      return;
    }
    // A board adds the order as it is now, instead of reading the whole day again; a dish's
    // change sends none (the board reads those orders again), nor does an order that is gone.
    const row = notice.event.dishChanged
      ? null
      : await boardRow(notice.event.order.id).catch((error: unknown) => {
          log.warn({ err: error }, "order events: the order's row could not be read");
          return null;
        });
    const data = JSON.stringify(notice.event);
    const change: OrderChange = {
      id: notice.id,
      userId: notice.userId,
      data,
      ...(row ? { staffData: `${data.slice(0, -1)},"row":${row}}` } : {}),
      ...(notice.portions ? { portions: JSON.stringify(notice.portions) } : {}),
    };
    for (const s of subscribers) s.send(change);
  };

  function start() {
    if (!listening) {
      listening = database.listen(ORDER_EVENTS_CHANNEL, fanOut, { onLost: gap, onRestored: gap });
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
