import type { CounterOrder, counterAnswer } from "@kantien/domain/kitchen";
import type { orderStatusChangedAnswer } from "@kantien/domain/orders-summary";
import type { customerDetailAnswer } from "@kantien/domain/people";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api, type DataEnvelope } from "../../../lib/api-client";
import { kitchenTodayQuery } from "../../../lib/kitchen-orders";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/kitchen/counter?q=`: the orders a scanned code, a name or an order number finds. */
export function useCounterSearch(q: string) {
  return useQuery({
    queryKey: [...queryKeys.counter, q],
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<typeof counterAnswer>>(`/api/kitchen/counter?${new URLSearchParams({ q })}`, {
          signal,
        })
      ).data.orders,
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    // What the counter shows must be now: a second scan asks the server again.
    staleTime: 0,
  });
}

/**
 * How many answers the counter's search for a text has had so far: a new scan waits for the
 * next one, never taking the answer it replaces for its own.
 */
export function useCounterAnswerCount(): (q: string) => number {
  const queryClient = useQueryClient();
  return (q) => queryClient.getQueryState([...queryKeys.counter, q])?.dataUpdateCount ?? 0;
}

/** `POST /api/kitchen/orders/:id/collect`: hands the order over (Afgehaal), once. */
export function useCollectOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, allergensConfirmed }: { id: string; allergensConfirmed?: boolean }) =>
      (
        await api.post<DataEnvelope<CounterOrder>>(`/api/kitchen/orders/${encodeURIComponent(id)}/collect`, {
          body: allergensConfirmed ? { allergensConfirmed } : {},
        })
      ).data,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.counter });
      void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
    },
  });
}

/** `GET /api/customers/:id`: the customer the counter tops up, with their balance now. */
export function useCounterCustomer(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.customers, "detail", id],
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<typeof customerDetailAnswer>>(`/api/customers/${encodeURIComponent(id!)}`, {
          signal,
        })
      ).data,
    enabled: id !== null,
  });
}

/** The counter's undo of a hand-over: `PATCH /api/orders/:id/status` back to ready (the server's step back). */
export function useUndoHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.patch<Answer<typeof orderStatusChangedAnswer>>(`/api/orders/${encodeURIComponent(id)}/status`, {
        body: { status: "ready" },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.counter });
      void queryClient.invalidateQueries({ queryKey: queryKeys.kitchenOrders });
    },
  });
}

/** How often the idle counter asks again what is ready (the board's day, without its live events). */
const READY_REFRESH_MS = 15_000;

/**
 * Today's orders ready to collect, for the idle counter, and the one it just handed over (so
 * its confirmation stays until the next scan). From the board's day, which knows no customer
 * ids: these cards offer no top-up.
 */
export function useReadyToCollect(handed: string | null) {
  return useQuery({
    ...kitchenTodayQuery,
    select: (day): CounterOrder[] =>
      day.orders
        .filter((order) => order.status === "ready" || order.id === handed)
        .map((order) => ({
          ...order,
          orderDate: order.deliveryDate ?? day.date,
          customerId: "",
          // Only the one this counter just handed over is delivered here: its card confirms it.
          collected: null,
        })),
    refetchInterval: READY_REFRESH_MS,
  });
}
