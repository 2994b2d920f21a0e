import type { kitchenPaymentAnswer } from "@kantien/domain/kitchen";
import { useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * `GET /api/kitchen/orders/:id/payment`: whether the wallet paid the order a cook is about to
 * cancel (the board's day does not carry it). Asked each time the cancel opens: it must be now.
 */
export function useOrderPayment(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.kitchenPayment, id],
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<typeof kitchenPaymentAnswer>>(
          `/api/kitchen/orders/${encodeURIComponent(id!)}/payment`,
          { signal },
        )
      ).data,
    enabled: id !== null,
    staleTime: 0,
  });
}
