import type { OrderStatus } from "@kantien/domain/order-status";
import type { OrderTimelineEntry } from "@kantien/domain/orders-summary";

/**
 * The four lifecycle steps of the spec's batch view (§2), read from the recorded status
 * changes (docs/decisions/0009): received is the creation, processed the move to
 * processing, delivered the move to ready (handed out of the kitchen), completed the move
 * to delivered (collected).
 */
export const TIMELINE_STEPS = ["received", "processed", "delivered", "completed"] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

const STEP_OF: Partial<Record<OrderStatus, TimelineStep>> = {
  pending: "received",
  paid: "received",
  processing: "processed",
  ready: "delivered",
  delivered: "completed",
};

export type TimelineView = {
  steps: {
    step: TimelineStep;
    /** The latest recorded change that reached this step, if any. */
    entry: OrderTimelineEntry | null;
    /** Reached: recorded, or passed on the way to a later step the order is in. */
    done: boolean;
  }[];
  /** The order stopped here: cancelled or failed, with its change. */
  stopped: OrderTimelineEntry | null;
};

export function orderTimeline(status: OrderStatus, timeline: readonly OrderTimelineEntry[]): TimelineView {
  // An admin may move an order back: only the path to where it stands now counts.
  const stopped =
    status === "cancelled" || status === "failed"
      ? ([...timeline].reverse().find((entry) => entry.status === status) ?? null)
      : null;
  const relevant = stopped ? timeline.slice(0, timeline.lastIndexOf(stopped)) : timeline;
  const last = [...relevant].reverse().find((entry) => STEP_OF[entry.status] !== undefined);
  const currentStep = stopped ? (last ? STEP_OF[last.status] : undefined) : STEP_OF[status];
  const reached = currentStep ? TIMELINE_STEPS.indexOf(currentStep) : -1;
  // The latest change to each step up to the current one (received is the creation; a step visited twice keeps its last time).
  const latestOf = (step: TimelineStep) =>
    step === "received"
      ? (relevant[0] ?? null)
      : ([...relevant].reverse().find((entry) => STEP_OF[entry.status] === step) ?? null);
  return {
    steps: TIMELINE_STEPS.map((step, index) => ({
      step,
      entry: index <= reached ? latestOf(step) : null,
      done: index <= reached,
    })),
    stopped,
  };
}
