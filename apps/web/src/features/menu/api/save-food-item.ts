import type {
  FoodItemDeclarationInput,
  FoodItemInput,
  FoodItemSaveInput,
  foodItemSavedAnswer,
} from "@kantien/domain/admin-data";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { foodItemsQueryOptions } from "./get-food-items";

/**
 * The body the dialog sends; the image may be cleared (null) when editing. `touchedOrdersConfirmed`:
 * the admin saw how many open orders the change of the allergens touches (decision 0041).
 */
export type FoodItemBody = FoodItemInput &
  FoodItemDeclarationInput &
  Pick<FoodItemSaveInput, "touchedOrdersConfirmed">;

/**
 * `version`: of the item edited, or of the day's item replaced, as the dialog loaded it; a save
 * from a version another save replaced is 409 stale (decision 0057).
 */
export type SaveFoodItem =
  | { kind: "create"; body: FoodItemBody }
  | { kind: "edit"; id: string; body: FoodItemBody; version: number }
  | { kind: "replace"; body: FoodItemBody; version: number };

/** Which save the one request is: an edit names its item, a replacement says so (decision 0028). */
function saveBody(save: SaveFoodItem): FoodItemSaveInput {
  if (save.kind === "edit") return { ...save.body, id: save.id };
  if (save.kind === "replace") return { ...save.body, replace: true };
  return save.body;
}

/**
 * Adds, edits or replaces the day's item in one request,
 * `PUT /api/admin/menus/:id/days/:day/food-item`; a replacement swaps the day's item in one
 * transaction (decision 0006). The image is not part of it: the dialog uploads a chosen file
 * first, as its own request, because the upload shows its progress and its own error on the
 * image field, and a save that fails or is retried must not send the file again; the save
 * carries the uploaded image's address (`image_url`).
 */
export function useSaveFoodItem(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveFoodItem) =>
      api.put<Answer<typeof foodItemSavedAnswer>>(
        `/api/admin/menus/${encodeURIComponent(menuId)}/days/${encodeURIComponent(save.body.day_of_week)}/food-item`,
        { body: saveBody(save), ...(save.kind === "create" ? {} : { version: save.version }) },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foodItemsQueryOptions(menuId).queryKey }),
  });
}
