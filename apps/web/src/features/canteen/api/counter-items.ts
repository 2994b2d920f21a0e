import type {
  CounterItemInput,
  CounterStockInput,
  counterItemAnswer,
  counterItemsAnswer,
} from "@kantien/domain/counter-items";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/* The counter's items and today's stock (docs/decisions/0070-counter-items.md). */

/** `GET /api/counter-items`: every item with today's stock. */
export function useCounterItems() {
  return useQuery({
    queryKey: queryKeys.counterItems,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof counterItemsAnswer>>("/api/counter-items", { signal })).data,
  });
}

/** `POST /api/counter-items` (a new one, `id` null) or `PUT /api/counter-items/:id`. */
export function useSaveCounterItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CounterItemInput }) =>
      id === null
        ? api.post<Answer<typeof counterItemAnswer>>("/api/counter-items", { body })
        : api.put<Answer<typeof counterItemAnswer>>(`/api/counter-items/${encodeURIComponent(id)}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.counterItems }),
  });
}

/** `PUT /api/counter-items/:id/stock`: a day's stock, or none, and why. */
export function useSetCounterStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CounterStockInput }) =>
      api.put<Answer<typeof counterItemAnswer>>(`/api/counter-items/${encodeURIComponent(id)}/stock`, {
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.counterItems }),
  });
}
