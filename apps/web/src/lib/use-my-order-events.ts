import type { OrderEvent } from "@kantien/domain/kitchen";
import { isWaitingForKitchen } from "@kantien/domain/order-status";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type MyOrdersPage, refreshMyData } from "./my-data";
import { queryKeys } from "./query-keys";

/** Shows an order's new status in every loaded list at once; the refetch that follows fills in the rest. */
function showStatus(pages: InfiniteData<MyOrdersPage> | undefined, change: OrderEvent["order"]) {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.map((order) =>
        order.id === change.id
          ? {
              ...order,
              status: change.status,
              cancellable: order.cancellable && isWaitingForKitchen(change.status),
            }
          : order,
      ),
    })),
  };
}

/**
 * My orders, live: `GET /api/my/events` sends only my own orders' changes (the kitchen begins,
 * marks ready, hands over, or cancels and refunds). After a reconnect everything is re-read,
 * since events may have been missed.
 */
export function useMyOrderEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/my/events");
    let opened = false;
    source.addEventListener("open", () => {
      if (opened) void refreshMyData(queryClient);
      opened = true;
    });
    source.addEventListener("order", (event) => {
      try {
        const { order } = JSON.parse(event.data) as OrderEvent;
        queryClient.setQueriesData<InfiniteData<MyOrdersPage>>({ queryKey: queryKeys.myOrders }, (pages) =>
          showStatus(pages, order),
        );
        void refreshMyData(queryClient);
      } catch (error) {
        console.warn("Ignoring a malformed order event", error);
      }
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
