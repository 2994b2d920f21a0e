import type { KitchenDay, OrderEvent } from "@kantien/domain/kitchen";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type LiveStream, useOrderEventStream } from "../../../lib/order-event-stream";
import { queryKeys } from "../../../lib/query-keys";
import { withNewOrder, withOrderChange, withoutOrder } from "../kitchen-day";

function applyOrderEvent(queryClient: QueryClient, event: OrderEvent): void {
  const day = queryClient.getQueryData<KitchenDay>(queryKeys.kitchenOrders);
  if (!day) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
    return;
  }
  const change = event.order;
  // Its dish's allergens changed (decision 0041): the alert and the label are the server's to read.
  if (event.dishChanged && day.orders.some((order) => order.id === change.id)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
    return;
  }
  // An order delivered on another day is not on this board (an undated one counts on the day it was made).
  const otherDay = change.deliveryDate !== null && change.deliveryDate !== day.date;
  const known = day.orders.find((order) => order.id === change.id);
  if (known && otherDay) {
    // It moved to another day: off the board.
    queryClient.setQueryData(queryKeys.kitchenOrders, withoutOrder(day, change.id));
  } else if (known && (known.deliveryDate === change.deliveryDate || change.deliveryDate === day.date)) {
    // Still on this day: merge the change by id.
    queryClient.setQueryData(queryKeys.kitchenOrders, withOrderChange(day, change));
  } else if (!otherDay && event.row) {
    // A new order of this day, as the board shows it: added, no read of the day.
    queryClient.setQueryData(queryKeys.kitchenOrders, withNewOrder(day, event.row));
  } else if (!otherDay) {
    // A new order without its row (a replayed event) needs its joined names: fetch the day
    // again. Another day's orders are ignored.
    void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
  }
}

/**
 * Live order changes from `GET /api/events`, merged into the board's day; answers the stream's
 * state. A reconnect catches up from the last event, so only `reload` loads the day again, and
 * a stream that fails twice running checks the server at once (a server that is gone shows as
 * offline without waiting for a poll).
 */
export function useOrderEvents(day: KitchenDay | undefined): LiveStream {
  const queryClient = useQueryClient();
  const loadDay = () => void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
  // Opened once the day is read, from the event that read reflects: what happened between the
  // read and the stream's start is sent first (the server keeps it), not lost.
  return useOrderEventStream("/api/events", day !== undefined, {
    from: day?.eventId,
    onOrder: (event) => applyOrderEvent(queryClient, event),
    onReload: loadDay,
    onLost: loadDay,
  });
}
