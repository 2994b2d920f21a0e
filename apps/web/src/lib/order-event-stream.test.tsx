import type { OrderEvent } from "@kantien/domain/kitchen";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubEventSource } from "../test/fake-event-source";
import { act, render, screen } from "../test/test-utils";
import { useOrderEventStream } from "./order-event-stream";

const event = (id: string): OrderEvent => ({
  type: "order.changed",
  order: { id, status: "processing", statusChangedAt: "2026-11-24T08:00:00.000Z", deliveryDate: null },
});

function Probe(props: { onOrder: (e: OrderEvent) => void; onReload: () => void; onLost: () => void }) {
  const state = useOrderEventStream("/api/events", true, props);
  return <p>{state}</p>;
}

describe("useOrderEventStream", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens a refused stream anew from the last event's id, and refetches only on reload", () => {
    const sources = stubEventSource();
    const onOrder = vi.fn();
    const onReload = vi.fn();
    const onLost = vi.fn();
    render(<Probe onOrder={onOrder} onReload={onReload} onLost={onLost} />);
    // The newest: StrictMode may have opened and closed one before it.
    const first = sources.at(-1)!;
    const opened = sources.length;
    expect(first.url).toBe("/api/events");
    first.emit("open");
    expect(screen.getByText("live")).toBeInTheDocument();
    first.emit("ready", undefined, "41");
    first.emit("order", event("a"), "42");
    expect(onOrder).toHaveBeenCalledWith(event("a"));

    // The server refused the browser's own reconnect (say, a proxy's 502): the stream is closed.
    first.readyState = 2;
    first.emit("error");
    expect(screen.getByText("offline")).toBeInTheDocument();
    expect(sources).toHaveLength(opened);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(first.closed).toBe(true);
    expect(sources[opened]?.url).toBe("/api/events?lastEventId=42");
    // It failed again: the server may be gone, said once.
    sources[opened]!.emit("error");
    sources[opened]!.emit("error");
    expect(onLost).toHaveBeenCalledTimes(1);
    sources[opened]!.emit("open");
    sources[opened]!.emit("order", event("b"), "43");
    expect(onOrder).toHaveBeenCalledTimes(2);
    expect(onReload).not.toHaveBeenCalled();
    sources[opened]!.emit("reload", undefined, "90");
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
