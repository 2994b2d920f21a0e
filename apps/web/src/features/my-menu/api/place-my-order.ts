import type { MyNewOrder } from "@kantien/domain/my";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderingApi } from "../../../lib/acting-for";
import { api } from "../../../lib/api-client";
import { type MyOrderChanged, refreshMyData } from "../../../lib/my-data";

// Apart from the menu's reads: only the order dialog, loaded when first opened, places an order.

/**
 * `POST /api/my/orders` (or a guardian's learner's): paid from the wallet; the key makes a retry
 * of the same order pay once.
 */
export function usePlaceMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, idempotencyKey }: { order: MyNewOrder; idempotencyKey: string }) =>
      api.post<MyOrderChanged>(`${orderingApi()}/orders`, {
        body: order,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    onSettled: () => refreshMyData(queryClient),
  });
}
