import type {
  CounterSale,
  CounterSaleInput,
  counterSalesAnswer,
  onSaleAnswer,
  saleCustomerAnswer,
} from "@kantien/domain/counter-sales";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/counter/on-sale`: today's dishes at the counter and counter items, with what is left. */
export function useOnSale() {
  return useQuery({
    queryKey: queryKeys.counterOnSale,
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof onSaleAnswer>>("/api/counter/on-sale", { signal })).data.items,
    // What is left changes with every sale and order: read it again when the counter comes back to it.
    staleTime: 0,
  });
}

/** `GET /api/counter/customers/:id`: the wallet's customer, the balance now and their limits today. */
export function useSaleCustomer(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.counterSales, "customer", id],
    queryFn: async ({ signal }) =>
      (
        await api.get<Answer<typeof saleCustomerAnswer>>(
          `/api/counter/customers/${encodeURIComponent(id!)}`,
          {
            signal,
          },
        )
      ).data,
    enabled: id !== null,
    staleTime: 0,
  });
}

/** `GET /api/counter/card?code=`: the customer of a scanned learner's card (404 when unknown or blocked). */
export function useScanCard() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await api.get<Answer<typeof saleCustomerAnswer>>(`/api/counter/card?${new URLSearchParams({ code })}`))
        .data,
  });
}

/**
 * `POST /api/counter/sales`: the server prices the basket, takes it from portions and stock and,
 * for a wallet, checks and debits it. `idempotencyKey` is one per submission of the basket, so a
 * retry never sells twice.
 */
export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sale, idempotencyKey }: { sale: CounterSaleInput; idempotencyKey: string }) =>
      api.post<{ success: true; data: CounterSale; message: string }>("/api/counter/sales", {
        body: sale,
        headers: { "Idempotency-Key": idempotencyKey },
      }),
    onSettled: () =>
      Promise.all([
        // What is left moved, for better or (a refusal: sold out) for worse.
        queryClient.invalidateQueries({ queryKey: queryKeys.counterOnSale }),
        queryClient.invalidateQueries({ queryKey: queryKeys.counterSales }),
        // A wallet's balance changed.
        queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
      ]),
  });
}

/** `GET /api/counter/sales`: today's sales, the last first. */
export function useDaySales() {
  return useQuery({
    queryKey: [...queryKeys.counterSales, "day"],
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof counterSalesAnswer>>("/api/counter/sales", { signal })).data.sales,
    staleTime: 0,
  });
}

/** `POST /api/counter/sales/:id/void` (admins, the same day): the money back, the stock freed. */
export function useVoidSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      api.post<{ success: true; data: CounterSale; message: string }>(
        `/api/counter/sales/${encodeURIComponent(id)}/void`,
        { body: { reason } },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.counterOnSale }),
        queryClient.invalidateQueries({ queryKey: queryKeys.counterSales }),
        queryClient.invalidateQueries({ queryKey: queryKeys.customers }),
      ]),
  });
}
