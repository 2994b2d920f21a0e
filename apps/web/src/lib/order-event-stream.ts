import type { OrderEvent, PortionsLeftEvent } from "@kantien/domain/kitchen";
import { useEffect, useRef, useState } from "react";

/** Whether the live stream is connected: "connecting" until it opens, "offline" while it retries. */
export type LiveStream = "connecting" | "live" | "offline";

/** How long before a stream the server refused is opened again (the server's `retry` is 5 s too). */
const REOPEN_MS = 5000;

type Handlers = {
  /** The event to follow on from when the stream first opens (the day read reflects it). */
  from?: string | undefined;
  /** An order changed: merge it. */
  onOrder: (event: OrderEvent) => void;
  /** What was missed while away is no longer kept on the server: load everything again. */
  onReload: () => void;
  /** The stream failed again before it came back: the server may be gone (once per outage). */
  onLost?: () => void;
  /** What is left of a capped dish, after anyone's order took or gave back portions (customers). */
  onPortions?: (event: PortionsLeftEvent) => void;
};

/**
 * The one way the app follows order events (`GET /api/events` for staff, `GET /api/my/events`
 * for a customer). Each event's id is its sequence number: the browser's own reconnects send
 * the last one as `Last-Event-ID`, and a stream opened anew (after the server refused one)
 * passes it as `?lastEventId=`, so the server sends what was missed and nothing is refetched;
 * only `reload` asks for that (docs/decisions/0043-order-events-survive-a-reconnect.md).
 */
export function useOrderEventStream(path: string, enabled: boolean, handlers: Handlers): LiveStream {
  const [state, setState] = useState<LiveStream>("connecting");
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    if (typeof EventSource === "undefined") {
      setState("offline");
      return;
    }
    // Where the data the screen read stands; the browser's own reconnects carry on from there.
    let lastId = latest.current.from ?? "";
    let failures = 0;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const remember = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId = message.lastEventId;
    };
    const open = () => {
      const opened = new EventSource(lastId ? `${path}?lastEventId=${encodeURIComponent(lastId)}` : path);
      source = opened;
      opened.addEventListener("open", () => {
        failures = 0;
        setState("live");
      });
      // The browser reconnects by itself, unless the server refused the stream (CLOSED).
      opened.addEventListener("error", () => {
        setState("offline");
        failures += 1;
        if (failures === 2) latest.current.onLost?.();
        if (opened.readyState === 2) {
          opened.close();
          reopen = setTimeout(open, REOPEN_MS);
        }
      });
      opened.addEventListener("ready", remember);
      opened.addEventListener("reload", (message: MessageEvent<string>) => {
        remember(message);
        latest.current.onReload();
      });
      opened.addEventListener("portions", (message: MessageEvent<string>) => {
        try {
          latest.current.onPortions?.(JSON.parse(message.data) as PortionsLeftEvent);
        } catch (error) {
          console.warn("Ignoring a malformed portions event", error);
        }
      });
      opened.addEventListener("order", (message: MessageEvent<string>) => {
        remember(message);
        try {
          latest.current.onOrder(JSON.parse(message.data) as OrderEvent);
        } catch (error) {
          console.warn("Ignoring a malformed order event", error);
        }
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [path, enabled]);
  return state;
}
