import type { OrderTimelineEntry } from "@kantien/domain/orders-summary";
import { describe, expect, it } from "vitest";
import { orderTimeline } from "./order-timeline";

const entry = (status: OrderTimelineEntry["status"], at: string, byName: string | null = null) => ({
  status,
  at: `2031-06-11T${at}:00Z`,
  byName,
});

const summary = (view: ReturnType<typeof orderTimeline>) =>
  view.steps.map((s) => `${s.step}:${s.done ? (s.entry?.at.slice(11, 16) ?? "skipped") : "-"}`);

describe("orderTimeline", () => {
  it("marks the steps the order reached with when it reached them", () => {
    const view = orderTimeline("ready", [
      entry("paid", "06:00"),
      entry("processing", "06:10", "Kok"),
      entry("ready", "06:30", "Kok"),
    ]);
    expect(summary(view)).toEqual(["received:06:00", "processed:06:10", "delivered:06:30", "completed:-"]);
    expect(view.stopped).toBeNull();
  });

  it("shows a step an admin jumped over as passed, without a time", () => {
    const view = orderTimeline("delivered", [
      entry("pending", "06:00"),
      entry("delivered", "07:00", "Admin"),
    ]);
    expect(summary(view)).toEqual([
      "received:06:00",
      "processed:skipped",
      "delivered:skipped",
      "completed:07:00",
    ]);
  });

  it("stops where a cancelled order was, with the cancellation", () => {
    const view = orderTimeline("cancelled", [
      entry("paid", "06:00"),
      entry("processing", "06:10"),
      entry("cancelled", "06:20", "Admin"),
    ]);
    expect(summary(view)).toEqual(["received:06:00", "processed:06:10", "delivered:-", "completed:-"]);
    expect(view.stopped).toEqual(entry("cancelled", "06:20", "Admin"));
  });

  it("follows an order moved back to the start, keeping its creation as received", () => {
    const view = orderTimeline("pending", [
      entry("pending", "06:00"),
      entry("processing", "06:10"),
      entry("pending", "06:15", "Admin"),
    ]);
    expect(summary(view)).toEqual(["received:06:00", "processed:-", "delivered:-", "completed:-"]);
  });
});
