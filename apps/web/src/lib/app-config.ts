import { DEFAULT_TIMEZONE } from "@kantien/domain/time-zone";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type DataEnvelope } from "./api-client";

/** `timeZone` is unset until the server answers; `useCanteenTimeZone()` falls back to the domain's default. */
export type AppConfig = { canteenName: string; timeZone?: string };

export const DEFAULT_APP_CONFIG: AppConfig = { canteenName: "Kantien" };

export const appConfigQueryOptions = queryOptions({
  queryKey: ["config"],
  queryFn: async ({ signal }) => {
    const answer = await api.get<DataEnvelope<Partial<AppConfig>>>("/api/config", { signal });
    return { ...DEFAULT_APP_CONFIG, ...answer.data };
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  refetchOnWindowFocus: false,
});

/** The canteen's name and time zone (the server's CANTEEN_NAME / CANTEEN_TIMEZONE). */
export function useAppConfig(): AppConfig {
  return useQuery(appConfigQueryOptions).data ?? DEFAULT_APP_CONFIG;
}

/** The canteen's time zone, the domain's default until the server has answered: every "today" and time shown is in it. */
export function useCanteenTimeZone(): string {
  return useAppConfig().timeZone ?? DEFAULT_TIMEZONE;
}
