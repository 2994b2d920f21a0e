import type { KitchenDay, OrderEvent } from "@kantien/domain/kitchen";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { withOrderChange } from "../kitchen-day";
import { KITCHEN_ORDERS_QUERY_KEY } from "./get-kitchen-orders";

function applyOrderEvent(queryClient: QueryClient, event: OrderEvent): void {
  const day = queryClient.getQueryData<KitchenDay>(KITCHEN_ORDERS_QUERY_KEY);
  const known = day?.orders.find((order) => order.id === event.order.id);
  // A known order keeps its day: merge the change. A new order (or one that moved day)
  // needs its joined names, so the day is fetched again.
  if (day && known && known.deliveryDate === event.order.deliveryDate) {
    queryClient.setQueryData(KITCHEN_ORDERS_QUERY_KEY, withOrderChange(day, event.order));
  } else {
    void queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_QUERY_KEY });
  }
}

/** Live order changes from `GET /api/events` (SSE, event `order`). */
export function useOrderEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let connectedBefore = false;
    const onOpen = () => {
      // After a reconnect, changes may have been missed while offline.
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: KITCHEN_ORDERS_QUERY_KEY });
      connectedBefore = true;
    };
    const onOrder = (message: MessageEvent<string>) => {
      try {
        applyOrderEvent(queryClient, JSON.parse(message.data) as OrderEvent);
      } catch (error) {
        console.warn("Ignoring a malformed order event", error);
      }
    };
    source.addEventListener("open", onOpen);
    source.addEventListener("order", onOrder);
    return () => source.close();
  }, [queryClient]);
}
