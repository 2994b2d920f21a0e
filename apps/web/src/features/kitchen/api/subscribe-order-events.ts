import type { KitchenDay, OrderEvent } from "@kantien/domain/kitchen";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryKeys } from "../../../lib/query-keys";
import { withOrderChange, withoutOrder } from "../kitchen-day";

function applyOrderEvent(queryClient: QueryClient, event: OrderEvent): void {
  const day = queryClient.getQueryData<KitchenDay>(queryKeys.kitchenOrders);
  if (!day) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
    return;
  }
  const change = event.order;
  // An order delivered on another day is not on this board (an undated one counts on the day it was made).
  const otherDay = change.deliveryDate !== null && change.deliveryDate !== day.date;
  const known = day.orders.find((order) => order.id === change.id);
  if (known && otherDay) {
    // It moved to another day: off the board.
    queryClient.setQueryData(queryKeys.kitchenOrders, withoutOrder(day, change.id));
  } else if (known && (known.deliveryDate === change.deliveryDate || change.deliveryDate === day.date)) {
    // Still on this day: merge the change by id.
    queryClient.setQueryData(queryKeys.kitchenOrders, withOrderChange(day, change));
  } else if (!otherDay) {
    // A new order of this day (or one whose day depends on when it was made) needs its joined
    // names: fetch the day again. Another day's orders are ignored.
    void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
  }
}

/** Whether the live stream is connected: "connecting" until it opens, "offline" while it retries. */
export type LiveStream = "connecting" | "live" | "offline";

/** Live order changes from `GET /api/events` (SSE, event `order`); answers the stream's state. */
export function useOrderEvents(): LiveStream {
  const queryClient = useQueryClient();
  const [stream, setStream] = useState<LiveStream>("connecting");
  useEffect(() => {
    if (typeof EventSource === "undefined") {
      setStream("offline");
      return;
    }
    const source = new EventSource("/api/events");
    let connectedBefore = false;
    const onOpen = () => {
      // After a reconnect, changes may have been missed while offline.
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
      connectedBefore = true;
      setStream("live");
    };
    // The browser retries by itself; until it opens again, the board says it is not live and
    // loads the day at once, so a server that is gone shows as offline without waiting for a poll.
    const onError = () => {
      setStream("offline");
      void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
    };
    const onOrder = (message: MessageEvent<string>) => {
      try {
        applyOrderEvent(queryClient, JSON.parse(message.data) as OrderEvent);
      } catch (error) {
        console.warn("Ignoring a malformed order event", error);
      }
    };
    source.addEventListener("open", onOpen);
    source.addEventListener("error", onError);
    source.addEventListener("order", onOrder);
    return () => source.close();
  }, [queryClient]);
  return stream;
}
