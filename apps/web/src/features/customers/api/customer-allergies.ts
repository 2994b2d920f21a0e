import type {
  CustomerAllergiesInput,
  CustomerAllergiesRecord,
  customerAllergiesAnswer,
  customerAllergiesSavedAnswer,
} from "@kantien/domain/dietary-profile";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

const keyOf = (id: string) => [...queryKeys.customerAllergies, id] as const;
const pathOf = (id: string) => `/api/customers/${encodeURIComponent(id)}/allergies`;

/**
 * `GET /api/customers/:id/allergies`, only once the admin asks: the server logs every read, so
 * it is read once per opening, never refreshed behind the admin's back, and forgotten on close.
 */
export function useCustomerAllergies(id: string, opened: boolean) {
  return useQuery({
    queryKey: keyOf(id),
    queryFn: async ({ signal }) =>
      (await api.get<Answer<typeof customerAllergiesAnswer>>(pathOf(id), { signal })).data,
    enabled: opened,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * `PUT /api/customers/:id/allergies` from the person's `version` the form was loaded with: what
 * the customer or their parent said, consent recorded by me; 409 stale when the person was
 * edited meanwhile (decision 0057).
 */
export function useSaveCustomerAllergies(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: CustomerAllergiesInput; version: number }) =>
      api.put<Answer<typeof customerAllergiesSavedAnswer>>(pathOf(id), { body, version }),
    onSuccess: (answer) => queryClient.setQueryData(keyOf(id), answer.data),
  });
}

/** Shows the allergies as they now are (a stale refusal's), without reading them again. */
export function useShowCustomerAllergies(id: string) {
  const queryClient = useQueryClient();
  return (current: CustomerAllergiesRecord) => queryClient.setQueryData(keyOf(id), current);
}
