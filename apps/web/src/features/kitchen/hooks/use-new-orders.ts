import type { KitchenOrder } from "@kantien/domain/kitchen";
import { isWaitingForKitchen } from "@kantien/domain/order-status";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

/** How long a new order's card stays highlighted unless the cook takes it first. */
export const NEW_ORDER_HIGHLIGHT_MS = 120_000;

/**
 * Orders that arrived while the board was open (not the ones it loaded with): highlighted
 * until begun, tapped or `NEW_ORDER_HIGHLIGHT_MS` passed. `onArrival` hears each batch.
 */
export function useNewOrders(
  orders: readonly KitchenOrder[] | undefined,
  onArrival: (count: number) => void,
): { newIds: ReadonlySet<string>; seen: (id: string) => void } {
  const known = useRef<Set<string> | null>(null);
  const [arrivals, setArrivals] = useState<ReadonlyMap<string, number>>(new Map());
  const arrivalRef = useRef(onArrival);
  arrivalRef.current = onArrival;

  useEffect(() => {
    if (!orders) return;
    if (known.current === null) {
      known.current = new Set(orders.map((order) => order.id));
      return;
    }
    const fresh = orders.filter(
      (order) => !known.current?.has(order.id) && isWaitingForKitchen(order.status),
    );
    for (const order of orders) known.current.add(order.id);
    const waiting = new Set(orders.filter((order) => isWaitingForKitchen(order.status)).map((o) => o.id));
    setArrivals((current) => {
      const next = new Map([...current].filter(([id]) => waiting.has(id)));
      for (const order of fresh) next.set(order.id, Date.now());
      return next.size === current.size && fresh.length === 0 ? current : next;
    });
    if (fresh.length > 0) arrivalRef.current(fresh.length);
  }, [orders]);

  // The highlight fades on its own.
  useEffect(() => {
    if (arrivals.size === 0) return;
    const oldest = Math.min(...arrivals.values());
    const timer = window.setTimeout(
      () => {
        const cutoff = Date.now() - NEW_ORDER_HIGHLIGHT_MS;
        setArrivals((current) => new Map([...current].filter(([, at]) => at > cutoff)));
      },
      Math.max(0, oldest + NEW_ORDER_HIGHLIGHT_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [arrivals]);

  const seen = useCallback((id: string) => {
    setArrivals((current) => {
      if (!current.has(id)) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);

  const newIds = useMemo(() => new Set(arrivals.keys()), [arrivals]);
  return { newIds, seen };
}

/** The count of new orders before the tab's title, so it shows in the tab bar too. */
export function useTitleCount(count: number): void {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, "");
    document.title = count > 0 ? `(${count}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [count]);
}
