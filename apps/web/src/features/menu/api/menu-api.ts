import type { FoodItemInput } from "@kantien/domain/admin-data";
import type { IsoDate, Weekday } from "@kantien/domain/dates";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type DataEnvelope } from "../../../lib/api-client";

export type WeeklyMenu = {
  id: string;
  date_from: IsoDate;
  date_to: IsoDate;
  kantien_staff_id: string | null;
  creation_date: string | null;
};

export type FoodItem = {
  id: string;
  name: string;
  description: string;
  price: string | number;
  image_url: string | null;
  day_of_week: Weekday;
  weekly_menu_id: string;
  preparation_time: number | null;
};

export const MENU_QUERY_KEY = ["menu"] as const;
const WEEKS_KEY = [...MENU_QUERY_KEY, "weeks"] as const;
const itemsKey = (menuId: string) => [...MENU_QUERY_KEY, "items", menuId] as const;

/** `GET /api/admin/data/weekly_menu?limit=500`: every weekly menu (the selector filters them). */
export function weeklyMenusQueryOptions() {
  return queryOptions({
    queryKey: WEEKS_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<DataEnvelope<WeeklyMenu[]>>("/api/admin/data/weekly_menu?limit=500", { signal })).data,
  });
}

export function useWeeklyMenus() {
  return useQuery(weeklyMenusQueryOptions());
}

/** A week's food items: at most one a day, so 50 is plenty. */
export function foodItemsQueryOptions(menuId: string) {
  return queryOptions({
    queryKey: itemsKey(menuId),
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

export function useCreateWeeklyMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dates: { date_from: IsoDate; date_to: IsoDate }) =>
      (await api.post<DataEnvelope<WeeklyMenu>>("/api/admin/data/weekly_menu", { body: dates })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEEKS_KEY }),
  });
}

/** The body the dialog sends; the image may be cleared (null) when editing. */
export type FoodItemBody = FoodItemInput;

export type SaveFoodItem =
  | { kind: "create"; body: FoodItemBody }
  | { kind: "edit"; id: string; body: FoodItemBody }
  | { kind: "replace"; body: FoodItemBody };

export function useSaveFoodItem(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: SaveFoodItem) => {
      if (save.kind === "create") return api.post("/api/admin/data/food_item", { body: save.body });
      if (save.kind === "edit")
        return api.put(`/api/admin/data/food_item/${encodeURIComponent(save.id)}`, { body: save.body });
      // The server swaps the day's item in one transaction (spec §2, issue: replace is atomic).
      return api.put(
        `/api/admin/menus/${encodeURIComponent(menuId)}/days/${encodeURIComponent(save.body.day_of_week)}/food-item`,
        { body: save.body },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsKey(menuId) }),
  });
}

export function useDeleteFoodItem(menuId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The api client sends Content-Type: application/json with an empty object, as the server asks.
    mutationFn: (id: string) => api.delete(`/api/admin/data/food_item/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsKey(menuId) }),
  });
}
