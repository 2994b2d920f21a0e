import { vi } from "vitest";
import { act } from "./test-utils";

type Listener = (event: MessageEvent<string>) => void;

/** A stand-in for the browser's `EventSource` (happy-dom has none); the test plays the server. */
export class FakeEventSource {
  readonly listeners = new Map<string, Set<Listener>>();
  closed = false;
  /** 0 connecting, 1 open, 2 closed: set it to 2 before `emit("error")` for a stream the server refused. */
  readyState = 0;
  constructor(readonly url: string) {}

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  /** Delivers an event (e.g. `open`, or `order` with its JSON data and its id) as the server would. */
  emit(type: string, data?: unknown, lastEventId = ""): void {
    if (type === "open") this.readyState = 1;
    const event = new MessageEvent<string>(type, {
      data: data === undefined ? "" : JSON.stringify(data),
      lastEventId,
    });
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }
}

/** Replaces `EventSource`; returns the connections opened, newest last. */
export function stubEventSource(): FakeEventSource[] {
  const sources: FakeEventSource[] = [];
  vi.stubGlobal(
    "EventSource",
    class extends FakeEventSource {
      constructor(url: string) {
        super(url);
        sources.push(this);
      }
    },
  );
  return sources;
}
