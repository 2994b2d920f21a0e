import type { FoodItem } from "@kantien/domain/admin-data";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/admin/data/food_item?weekly_menu_id=`: a week's items, at most one a day, so 50 is plenty. */
export function foodItemsQueryOptions(menuId: string) {
  return queryOptions({
    queryKey: [...queryKeys.menu, "items", menuId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<DataEnvelope<FoodItem[]>>(
          `/api/admin/data/food_item?weekly_menu_id=${encodeURIComponent(menuId)}&limit=50`,
          { signal },
        )
      ).data,
  });
}

export function useFoodItems(menuId: string | null) {
  return useQuery({ ...foodItemsQueryOptions(menuId ?? ""), enabled: menuId !== null });
}
