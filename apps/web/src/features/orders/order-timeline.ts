import type { OrderStatus } from "@kantien/domain/order-status";
import type { OrderTimelineEntry } from "@kantien/domain/orders-summary";

/** One step the order went through, named by its status (decision 0019). */
export type TimelineStep = {
  status: OrderStatus;
  /** When and by whom; null when the history does not say. */
  entry: OrderTimelineEntry | null;
  /** Where the order stands now. */
  current: boolean;
};

/**
 * The steps an order went through, oldest first: each recorded status change and nothing
 * it has not reached (a ready order never shows "collected"). An order whose history
 * does not end in its status (made before the history was kept) ends with its status.
 */
export function orderTimeline(status: OrderStatus, timeline: readonly OrderTimelineEntry[]): TimelineStep[] {
  const steps: TimelineStep[] = timeline.map((entry) => ({ status: entry.status, entry, current: false }));
  if (steps.at(-1)?.status !== status) steps.push({ status, entry: null, current: false });
  const last = steps.at(-1);
  if (last) last.current = true;
  return steps;
}
