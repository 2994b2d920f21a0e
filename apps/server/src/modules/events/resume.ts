import type { OrderChange, PortionsChange } from "./hub";
import type { StreamStart } from "./replay";

const order = (id: number, data: string) => `id: ${id}\nevent: order\ndata: ${data}\n\n`;

/**
 * The order events of one stream, from the moment it subscribes (`live`) through its start
 * (`start`: the missed events, `ready` or `reload`) to live ones. Changes that arrive before the
 * start wait; after it, any already sent or read (an id up to the start's `last`) is skipped, so
 * the switch-over neither repeats nor loses an event. `owner` limits it to one customer's orders
 * (and what is left of capped dishes, decision 0069).
 */
export function resumingStream(write: (chunk: string) => void, owner: string | undefined) {
  let waiting: (OrderChange | PortionsChange)[] | null = [];
  let sentUpTo = Number.POSITIVE_INFINITY;
  const send = (change: OrderChange | PortionsChange) => {
    // Portions moved by no order: every customer's menu hears it, the staff's streams need not.
    if ("portionsOnly" in change) {
      if (owner !== undefined) write(`event: portions\ndata: ${change.portionsOnly}\n\n`);
      return;
    }
    if (change.id <= sentUpTo) return;
    // A customer's stream: what is left of a capped dish, whoever ordered it, without an id (it is
    // not replayed: a reconnected menu reads its portions again); the order itself only its owner's.
    if (owner !== undefined && change.portions) write(`event: portions\ndata: ${change.portions}\n\n`);
    if (owner !== undefined && change.userId !== owner) return;
    sentUpTo = change.id;
    write(order(change.id, owner === undefined ? (change.staffData ?? change.data) : change.data));
  };
  return {
    /** A change from the hub. */
    live(change: OrderChange | PortionsChange) {
      if (waiting) waiting.push(change);
      else send(change);
    },
    start(start: StreamStart) {
      if (start.kind === "reload") {
        write(`id: ${start.last}\nevent: reload\ndata: \n\n`);
      } else {
        for (const event of start.events) write(order(event.id, event.data));
        write(`id: ${start.last}\nevent: ready\ndata: \n\n`);
      }
      // Every event up to `last` had committed when it was read: sent above, or not this stream's.
      sentUpTo = start.last;
      const held = waiting ?? [];
      waiting = null;
      for (const change of held) send(change);
    },
  };
}
