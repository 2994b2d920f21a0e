import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { foodItemsQueryOptions } from "./get-food-items";

/** `DELETE /api/admin/data/food_item/:id`. */
export function useDeleteFoodItem(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/data/food_item/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foodItemsQueryOptions(menuId).queryKey }),
  });
}
