import { vi } from "vitest";
import { act } from "./test-utils";

type Listener = (event: MessageEvent<string>) => void;

/** A stand-in for the browser's `EventSource` (jsdom has none); the test plays the server. */
export class FakeEventSource {
  readonly listeners = new Map<string, Set<Listener>>();
  closed = false;
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
  }

  /** Delivers an event (e.g. `open`, or `order` with its JSON data) as the server would. */
  emit(type: string, data?: unknown): void {
    const event = new MessageEvent<string>(type, { data: data === undefined ? "" : JSON.stringify(data) });
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
