import type { KitchenDay } from "@kantien/domain/kitchen";
import { api, type DataEnvelope } from "./api-client";

/**
 * `GET /api/kitchen/orders`: one day's orders, today in the canteen's time zone without a date.
 * The kitchen board keeps today's live; the print screen reads the day it prints.
 */
export async function fetchKitchenDay(signal: AbortSignal, date?: string): Promise<KitchenDay> {
  const query = date ? `?date=${encodeURIComponent(date)}` : "";
  return (await api.get<DataEnvelope<KitchenDay>>(`/api/kitchen/orders${query}`, { signal })).data;
}
