import type { OrderEvent } from "@kantien/domain/kitchen";
import type { myMenuAnswer } from "@kantien/domain/my";
import { isWaitingForKitchen } from "@kantien/domain/order-status";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import type { Answer } from "./api-client";
import { type MyOrdersPage, refreshMyData } from "./my-data";

type MyMenu = Answer<typeof myMenuAnswer>["data"];

import { useOrderEventStream } from "./order-event-stream";
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
 * marks ready, hands over, or cancels and refunds). A reconnect catches up from the last event;
 * everything is re-read only when the server says what was missed is no longer kept.
 */
export function useMyOrderEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useOrderEventStream("/api/my/events", enabled, {
    onOrder: ({ order }) => {
      queryClient.setQueriesData<InfiniteData<MyOrdersPage>>({ queryKey: queryKeys.myOrders }, (pages) =>
        showStatus(pages, order),
      );
      void refreshMyData(queryClient);
    },
    onReload: () => void refreshMyData(queryClient),
    // What is left of a capped dish, shown on every loaded week of the menu without reading it again.
    onPortions: ({ foodItemId, left }) =>
      queryClient.setQueriesData<MyMenu>({ queryKey: queryKeys.myMenu }, (menu) =>
        menu
          ? {
              ...menu,
              days: menu.days.map((day) =>
                day.item?.id === foodItemId ? { ...day, item: { ...day.item, portionsLeft: left } } : day,
              ),
            }
          : menu,
      ),
  });
}
