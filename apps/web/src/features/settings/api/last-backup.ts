import type { lastBackupAnswer } from "@kantien/domain/settings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Answer, api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** `GET /api/settings/backup` (admins): when the canteen's last backup completed, or null. */
const lastBackupQueryOptions = queryOptions({
  queryKey: queryKeys.lastBackup,
  queryFn: async ({ signal }) =>
    (await api.get<Answer<typeof lastBackupAnswer>>("/api/settings/backup", { signal })).data.lastBackupAt,
});

export function useLastBackup() {
  return useQuery(lastBackupQueryOptions);
}
