/**
 * A Server-Sent-Events client as a browser's EventSource behaves: it reads `/api/events` or
 * `/api/my/events`, remembers the last `id:`, and reconnects (here at once, not after the
 * server's retry hint) with `Last-Event-ID` whenever the stream ends or breaks. It keeps every
 * order event it saw, by sequence number and by order.
 */
export type EventClient = {
  name: string;
  /** Sequence numbers seen (`id:` of `event: order`). */
  ids: Set<number>;
  /** Order ids seen in `event: order` data. */
  orders: Set<string>;
  /** Streams opened again after one ended or broke. */
  reconnects: number;
  /** Events that came on a resumed stream with a sequence already committed when it resumed. */
  replayed: number;
  /** `event: reload` answers: the server could not replay from the client's id. */
  reloads: number;
  /** Whether the first stream is open (its first bytes came). */
  ready: Promise<void>;
  close(): void;
};

/** The highest sequence any client has seen: what was committed at a moment, or less. */
let highestSeen = 0;

export function openEventClient(name: string, url: string, cookie: string): EventClient {
  const controller = new AbortController();
  let closed = false;
  let lastId: string | null = null;
  let markReady: () => void = () => {};
  const client: EventClient = {
    name,
    ids: new Set(),
    orders: new Set(),
    reconnects: 0,
    replayed: 0,
    reloads: 0,
    ready: new Promise<void>((resolve) => {
      markReady = resolve;
    }),
    close() {
      closed = true;
      controller.abort();
    },
  };

  async function readOnce(resumed: boolean) {
    const resumedAt = highestSeen;
    const headers: Record<string, string> = { cookie, accept: "text/event-stream" };
    if (lastId !== null) headers["last-event-id"] = lastId;
    const res = await fetch(url, { headers, signal: controller.signal });
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      throw new Error(`${name}: ${res.status}`);
    }
    markReady();
    if (resumed) client.reconnects += 1;
    const decoder = new TextDecoder();
    let buffer = "";
    let event = { type: "message", id: null as string | null, data: [] as string[] };
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const line = buffer.slice(0, nl).replace(/\r$/, "");
        buffer = buffer.slice(nl + 1);
        if (line === "") {
          dispatch(event, resumed, resumedAt);
          event = { type: "message", id: null, data: [] };
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event.type = value;
        else if (field === "data") event.data.push(value);
        else if (field === "id") event.id = value;
      }
    }
  }

  function dispatch(
    event: { type: string; id: string | null; data: string[] },
    resumed: boolean,
    at: number,
  ) {
    if (event.id !== null) lastId = event.id;
    if (event.type === "reload") client.reloads += 1;
    if (event.type !== "order") return;
    const sequence = event.id === null ? null : Number(event.id);
    if (sequence !== null && Number.isSafeInteger(sequence)) {
      if (resumed && sequence <= at && !client.ids.has(sequence)) client.replayed += 1;
      client.ids.add(sequence);
      highestSeen = Math.max(highestSeen, sequence);
    }
    try {
      const parsed = JSON.parse(event.data.join("\n")) as { order?: { id?: string } };
      if (parsed.order?.id) client.orders.add(parsed.order.id);
    } catch {}
  }

  void (async () => {
    for (let attempt = 0; !closed; attempt++) {
      try {
        await readOnce(attempt > 0);
      } catch {}
      if (closed) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return client;
}
