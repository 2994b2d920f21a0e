import type { OrderTimelineEntry } from "@kantien/domain/orders-summary";
import { describe, expect, it } from "vitest";
import { orderTimeline } from "./order-timeline";

const entry = (status: OrderTimelineEntry["status"], at: string, byName: string | null = null) => ({
  status,
  at: `2031-06-11T${at}:00Z`,
  byName,
  reason: null,
});

const summary = (steps: ReturnType<typeof orderTimeline>) =>
  steps.map((s) => `${s.status}:${s.entry?.at.slice(11, 16) ?? "?"}${s.current ? "*" : ""}`);

describe("orderTimeline", () => {
  it("shows only the steps that happened: a ready order ends at ready", () => {
    const steps = orderTimeline("ready", [
      entry("paid", "06:00"),
      entry("processing", "06:10", "Kok"),
      entry("ready", "06:30", "Kok"),
    ]);
    expect(summary(steps)).toEqual(["paid:06:00", "processing:06:10", "ready:06:30*"]);
    expect(steps.some((s) => s.status === "delivered")).toBe(false);
  });

  it("shows a step an admin jumped over not at all", () => {
    const steps = orderTimeline("delivered", [
      entry("pending", "06:00"),
      entry("delivered", "07:00", "Admin"),
    ]);
    expect(summary(steps)).toEqual(["pending:06:00", "delivered:07:00*"]);
  });

  it("ends a cancelled order with its cancellation, and keeps a move back in its place", () => {
    expect(
      summary(
        orderTimeline("cancelled", [
          entry("paid", "06:00"),
          entry("processing", "06:10"),
          entry("pending", "06:15", "Admin"),
          entry("cancelled", "06:20", "Admin"),
        ]),
      ),
    ).toEqual(["paid:06:00", "processing:06:10", "pending:06:15", "cancelled:06:20*"]);
  });

  it("ends with the order's status when the history does not reach it", () => {
    expect(summary(orderTimeline("processing", []))).toEqual(["processing:?*"]);
    expect(summary(orderTimeline("ready", [entry("pending", "06:00")]))).toEqual([
      "pending:06:00",
      "ready:?*",
    ]);
  });
});
