import type { FoodItemInput } from "@kantien/domain/admin-data";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { foodItemsQueryOptions } from "./get-food-items";

/** The body the dialog sends; the image may be cleared (null) when editing. */
export type FoodItemBody = FoodItemInput;

export type SaveFoodItem =
  | { kind: "create"; body: FoodItemBody }
  | { kind: "edit"; id: string; body: FoodItemBody }
  | { kind: "replace"; body: FoodItemBody };

/** Creates, edits, or replaces the day's item (`PUT /api/admin/menus/:id/days/:day/food-item`). */
export function useSaveFoodItem(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: SaveFoodItem) => {
      if (save.kind === "create") return api.post("/api/admin/data/food_item", { body: save.body });
      if (save.kind === "edit")
        return api.put(`/api/admin/data/food_item/${encodeURIComponent(save.id)}`, { body: save.body });
      // The server swaps the day's item in one transaction (decision 0006).
      return api.put(
        `/api/admin/menus/${encodeURIComponent(menuId)}/days/${encodeURIComponent(save.body.day_of_week)}/food-item`,
        { body: save.body },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foodItemsQueryOptions(menuId).queryKey }),
  });
}
